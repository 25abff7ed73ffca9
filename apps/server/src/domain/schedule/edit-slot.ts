import { sql } from 'drizzle-orm';
import {
  consoleSlotSchema,
  type ConsoleSlot,
  createSlotBodySchema,
  updateSlotBodySchema,
} from '@kippu/contract/console/schedule-schemas';
import type { z } from 'zod';
import type { Env } from '../../config/env.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditAction, type AuditActor } from '../audit/record-audit.ts';
import { changeSlotCapacity } from '../stock/slot-capacity.ts';
import { noteStockChange } from '../stock/stock-changes.ts';
import { mailSlotMoved, ticketsOnSlots } from './slot-holders.ts';
import { slotsOfSite } from './slot-row.ts';
import { refusingTakenStart } from './start-taken.ts';
import { minutesOf, tokyoInstant } from './tokyo-time.ts';

export type CreateSlotInput = z.output<typeof createSlotBodySchema>;
export type UpdateSlotInput = z.output<typeof updateSlotBodySchema>;

const startTaken = (path: string) =>
  new AppError('console_slot_start_taken', undefined, {
    issues: [{ path, message: 'the product has a slot starting at this time' }],
  });

/** Whether another slot of the slot's product starts at `startsAt`. */
async function startTakenBy(tx: Tx, productUuid: string, startsAt: Date, exceptId: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    SELECT 1 FROM time_spans t JOIN products p ON p.id = t.product_id
    WHERE p.uuid = ${productUuid}::uuid AND t.starts_at = ${startsAt.toISOString()}::timestamptz
      AND t.id <> ${exceptId}`);
  return rows.length > 0;
}

/**
 * One new slot (issue 28). A second slot with the same start for the same product is refused
 * (console_slot_start_taken); slots may otherwise overlap. Marked as changed by hand.
 */
export async function createSlot(
  db: Db,
  actor: AuditActor,
  siteCode: string,
  input: CreateSlotInput,
): Promise<ConsoleSlot> {
  const startsAt = tokyoInstant(input.date, minutesOf(input.start_time));
  const endsAt = new Date(startsAt.getTime() + input.length_minutes * 60_000);
  const slot = await db.transaction(async (tx) => {
    const { rows: products } = await tx.execute<{ id: number }>(sql`
      SELECT id FROM products WHERE uuid = ${input.product_uuid}::uuid AND site_code = ${siteCode}`);
    if (products.length === 0) throw new AppError('record_not_found');
    const { rows } = await tx.execute<{ id: string }>(sql`
      INSERT INTO time_spans (product_id, starts_at, ends_at, capacity, on_sale, edited_at)
      VALUES (${products[0]!.id}, ${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz,
              ${input.capacity}, ${input.on_sale}, now())
      ON CONFLICT (product_id, starts_at) DO NOTHING RETURNING id`);
    if (rows.length === 0) throw startTaken('body.start_time');
    const [created] = await slotsOfSite(tx, siteCode, [Number(rows[0]!.id)]);
    await recordAudit(tx, {
      actor,
      siteCode,
      objectType: 'slot',
      objectId: String(created!.id),
      action: 'created',
      after: created,
      schema: consoleSlotSchema,
    });
    return created!;
  });
  noteStockChange();
  return slot;
}

/** The audit action of a single-slot edit: the one thing changed, or 'edited'. */
function actionOf(before: ConsoleSlot, after: ConsoleSlot): AuditAction {
  const actions: AuditAction[] = [];
  if (before.starts_at !== after.starts_at || before.ends_at !== after.ends_at) actions.push('shifted');
  if (before.capacity !== after.capacity) actions.push('capacity_changed');
  if (before.on_sale !== after.on_sale) actions.push(after.on_sale ? 'reopened' : 'closed');
  return actions.length === 1 ? actions[0]! : 'edited';
}

/**
 * Edit one slot (issue 28): its start and length, capacity, sale. `expected_version` must be the slot's
 * version (else console_edit_conflict); a capacity below sold + held is refused through the stock's one
 * capacity function (console_capacity_below_taken); a new start another slot of the product has is refused
 * (console_slot_start_taken, also when a concurrent insert wins the race). Moving a slot with tickets moves
 * their entry window with it (the window is derived from the slot) and mails each holder in the same
 * transaction, or with `refuse_if_tickets` is refused (console_slot_has_tickets). The slot is marked as
 * changed by hand; one audit event.
 */
export async function updateSlot(
  db: Db,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  actor: AuditActor,
  siteCode: string,
  slotId: number,
  input: UpdateSlotInput,
): Promise<ConsoleSlot> {
  const slot = await db.transaction(async (tx) => {
    const [before] = await slotsOfSite(tx, siteCode, [slotId], { lock: true });
    if (!before) throw new AppError('record_not_found');
    if (before.version !== input.expected_version) throw new AppError('console_edit_conflict');
    // Only what the body names changes: a start kept is kept to the second, as stored.
    const retimed = input.date !== undefined || input.start_time !== undefined;
    const startsAt = retimed
      ? tokyoInstant(input.date ?? before.date, minutesOf(input.start_time ?? before.start_time))
      : new Date(before.starts_at);
    const length =
      input.length_minutes ?? (Date.parse(before.ends_at) - Date.parse(before.starts_at)) / 60_000;
    const endsAt = new Date(startsAt.getTime() + length * 60_000);
    const moved = startsAt.toISOString() !== before.starts_at || endsAt.toISOString() !== before.ends_at;
    if (
      startsAt.toISOString() !== before.starts_at &&
      (await startTakenBy(tx, before.product_uuid, startsAt, slotId))
    )
      throw startTaken(input.start_time !== undefined ? 'body.start_time' : 'body.date');
    if (moved && input.refuse_if_tickets && (await ticketsOnSlots(tx, [slotId])).length > 0)
      throw new AppError('console_slot_has_tickets');
    if (input.capacity !== undefined && input.capacity !== before.capacity) {
      const result = await changeSlotCapacity(tx, [{ slotId, capacity: input.capacity }]);
      if (!result.ok) {
        const [below] = result.belowTaken;
        throw new AppError('console_capacity_below_taken', undefined, {
          issues: [
            {
              path: 'body.capacity',
              message: `short by ${below!.shortBy} (sold ${below!.sold}, held ${below!.held}, allotted ${below!.allotted})`,
            },
          ],
        });
      }
    }
    // A slot inserted at the new start by a transaction not yet committed passed the check above unseen.
    await refusingTakenStart(
      () =>
        tx.execute(sql`
          UPDATE time_spans SET starts_at = ${startsAt.toISOString()}::timestamptz,
            ends_at = ${endsAt.toISOString()}::timestamptz, on_sale = ${input.on_sale ?? before.on_sale},
            version = ${before.version + 1}, edited_at = now()
          WHERE id = ${slotId}`),
      () => startTaken(input.start_time !== undefined ? 'body.start_time' : 'body.date'),
    );
    if (moved) await mailSlotMoved(tx, env, slotId, { startsAt: before.starts_at, endsAt: before.ends_at });
    const [after] = await slotsOfSite(tx, siteCode, [slotId]);
    await recordAudit(tx, {
      actor,
      siteCode,
      objectType: 'slot',
      objectId: String(slotId),
      action: actionOf(before, after!),
      before,
      after,
      schema: consoleSlotSchema,
    });
    return after!;
  });
  noteStockChange();
  return slot;
}
