import { sql } from 'drizzle-orm';
import {
  bulkEditSlotsBodySchema,
  consoleSlotSchema,
  type BulkEditSlotsResponse,
  type ConsoleSlot,
} from '@kippu/contract/console/schedule-schemas';
import type { z } from 'zod';
import type { Env } from '../../config/env.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { changeSlotCapacity } from '../stock/slot-capacity.ts';
import { noteStockChange } from '../stock/stock-changes.ts';
import { mailSlotMoved, ticketsOnSlots } from './slot-holders.ts';
import { slotsOfSite } from './slot-row.ts';
import { refusingTakenStart } from './start-taken.ts';
import { tokyoParts } from './tokyo-time.ts';

export type BulkEditInput = z.output<typeof bulkEditSlotsBodySchema>;

/** The slot as the action leaves it (the preview's `after`; a save reads it back instead). */
function simulated(slot: ConsoleSlot, action: BulkEditInput['action']): ConsoleSlot {
  switch (action.kind) {
    case 'set_capacity':
      return { ...slot, capacity: action.capacity, version: slot.version + 1 };
    case 'close':
      return { ...slot, on_sale: false, version: slot.version + 1 };
    case 'reopen':
      return { ...slot, on_sale: true, version: slot.version + 1 };
    case 'shift': {
      const startsAt = new Date(Date.parse(slot.starts_at) + action.minutes * 60_000);
      const endsAt = new Date(Date.parse(slot.ends_at) + action.minutes * 60_000);
      const start = tokyoParts(startsAt);
      return {
        ...slot,
        date: start.date,
        start_time: start.time,
        end_time: tokyoParts(endsAt).time,
        starts_at: startsAt.toISOString(),
        ends_at: endsAt.toISOString(),
        started: startsAt.getTime() <= Date.now(),
        version: slot.version + 1,
      };
    }
  }
}

function unchanged(slot: ConsoleSlot, action: BulkEditInput['action']): boolean {
  return (
    (action.kind === 'set_capacity' && slot.capacity === action.capacity) ||
    (action.kind === 'close' && !slot.on_sale) ||
    (action.kind === 'reopen' && slot.on_sale)
  );
}

const AUDIT_ACTION = {
  set_capacity: 'capacity_changed',
  close: 'closed',
  reopen: 'reopened',
  shift: 'shifted',
} as const;

/** Slots of other products (not shifted with the selection) that start where a shifted slot would. */
/** The seats of partners' unreleased allotments not yet sold, per slot (`time_spans.allotted`, ADR 089). */
async function allottedOf(tx: Tx, slots: ConsoleSlot[]): Promise<Map<number, number>> {
  if (slots.length === 0) return new Map();
  const { rows } = await tx.execute<{ id: number; allotted: number }>(
    sql`SELECT id, allotted FROM time_spans WHERE id = ANY(${sql.param(slots.map((slot) => slot.id))}::bigint[])`,
  );
  return new Map(rows.map((row) => [Number(row.id), Number(row.allotted)]));
}

async function shiftCollisions(tx: Tx, slots: ConsoleSlot[], minutes: number): Promise<ConsoleSlot[]> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    SELECT s.id FROM time_spans s
    JOIN time_spans other ON other.product_id = s.product_id
      AND other.starts_at = s.starts_at + make_interval(mins => ${minutes})
    WHERE s.id = ANY(${sql.param(slots.map((slot) => slot.id))}::bigint[])
      AND NOT other.id = ANY(${sql.param(slots.map((slot) => slot.id))}::bigint[])`);
  const ids = new Set(rows.map((row) => Number(row.id)));
  return slots.filter((slot) => ids.has(slot.id));
}

/**
 * A bulk edit of selected slots of a site (issue 28): set capacity, close (no new sales; tickets stay), reopen
 * or shift by N minutes, with "future slots only" and "skip slots changed by hand". Slots are locked (id order)
 * for the whole transaction. A preview writes nothing and lists each slot's version now (what the save sends),
 * what would change and, for a capacity, the slots that would fall below sold + held + allotted. A save is all or
 * nothing: below that refuses
 * (console_capacity_below_taken, an issue per slot), a shift onto a start the product has refuses
 * (console_slot_start_taken, also when a concurrent insert wins the race), a shift of slots with tickets
 * refuses with `refuse_if_tickets` (console_slot_has_tickets, an issue per slot), else mails their holders
 * in the same transaction. An audit event per slot changed.
 * A slot id not of the site answers 404; a save whose slot versions are not the slots' now (a
 * change since the preview) answers console_edit_conflict, an issue per slot, before anything is written.
 */
export async function bulkEditSlots(
  db: Db,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  actor: AuditActor,
  siteCode: string,
  input: BulkEditInput,
): Promise<BulkEditSlotsResponse> {
  const ids = input.slots.map((slot) => slot.id);
  const { action } = input;
  const response = await db.transaction(async (tx) => {
    const slots = await slotsOfSite(tx, siteCode, ids, { lock: !input.preview });
    if (slots.length !== ids.length) throw new AppError('record_not_found');
    const versions = slots.map((slot) => ({ id: slot.id, version: slot.version }));
    if (!input.preview) {
      // Under the locks: every slot as it was previewed, or nothing is applied.
      const seen = new Map(input.slots.map((slot) => [slot.id, slot.version]));
      const moved = slots.filter((slot) => seen.get(slot.id) !== slot.version);
      if (moved.length > 0) {
        throw new AppError('console_edit_conflict', undefined, {
          issues: moved.map((slot) => ({
            path: `slots.${slot.id}`,
            message: `${slot.date} ${slot.start_time}: changed since (version ${slot.version})`,
          })),
        });
      }
    }
    const skipped: BulkEditSlotsResponse['skipped'] = [];
    const targets: ConsoleSlot[] = [];
    for (const slot of slots) {
      if (input.future_only && slot.started) skipped.push({ slot_id: slot.id, reason: 'started' });
      else if (input.skip_edited_by_hand && slot.edited_by_hand)
        skipped.push({ slot_id: slot.id, reason: 'edited_by_hand' });
      else if (unchanged(slot, action)) skipped.push({ slot_id: slot.id, reason: 'unchanged' });
      else targets.push(slot);
    }
    // Partners' allotted seats are taken as sold and held ones are: the save's CHECK counts all three.
    const allotted =
      action.kind === 'set_capacity' ? await allottedOf(tx, targets) : new Map<number, number>();
    const taken = (slot: ConsoleSlot) => slot.sold + slot.held + (allotted.get(slot.id) ?? 0);
    const belowTaken =
      action.kind === 'set_capacity'
        ? targets
            .filter((slot) => action.capacity < taken(slot))
            .map((slot) => ({
              slot_id: slot.id,
              date: slot.date,
              start_time: slot.start_time,
              capacity: action.capacity,
              sold: slot.sold,
              held: slot.held,
              allotted: allotted.get(slot.id) ?? 0,
              short_by: taken(slot) - action.capacity,
            }))
        : [];
    const withTickets = await ticketsOnSlots(
      tx,
      targets.map((slot) => slot.id),
    );
    const tickets = withTickets.reduce((sum, slot) => sum + slot.tickets, 0);
    const targetIds = targets.map((slot) => slot.id);
    if (input.preview) {
      return {
        preview: true,
        slots: versions,
        changes: targets.map((slot) => ({ slot_id: slot.id, before: slot, after: simulated(slot, action) })),
        skipped,
        below_taken: belowTaken,
        slots_with_tickets: withTickets.length,
        tickets,
        mails: 0,
      };
    }
    let mails = 0;
    if (action.kind === 'set_capacity') {
      const result = await changeSlotCapacity(
        tx,
        targets.map((slot) => ({ slotId: slot.id, capacity: action.capacity })),
      );
      if (!result.ok) {
        const byId = new Map(targets.map((slot) => [slot.id, slot]));
        throw new AppError('console_capacity_below_taken', undefined, {
          issues: result.belowTaken.map((below) => {
            const slot = byId.get(below.slotId)!;
            return {
              path: `slots.${below.slotId}`,
              message: `${slot.date} ${slot.start_time}: short by ${below.shortBy} (sold ${below.sold}, held ${below.held}, allotted ${below.allotted})`,
            };
          }),
        });
      }
    } else if (action.kind === 'close' || action.kind === 'reopen') {
      await tx.execute(sql`
        UPDATE time_spans SET on_sale = ${action.kind === 'reopen'}, version = version + 1
        WHERE id = ANY(${sql.param(targetIds)}::bigint[])`);
    } else {
      const byId = new Map(targets.map((slot) => [slot.id, slot]));
      const collisions = await shiftCollisions(tx, targets, action.minutes);
      if (collisions.length > 0) {
        throw new AppError('console_slot_start_taken', undefined, {
          issues: collisions.map((slot) => ({
            path: `slots.${slot.id}`,
            message: `${slot.date} ${slot.start_time}: the product has a slot at the new start`,
          })),
        });
      }
      if (input.refuse_if_tickets && withTickets.length > 0) {
        throw new AppError('console_slot_has_tickets', undefined, {
          issues: withTickets.map((slot) => ({
            path: `slots.${slot.slotId}`,
            message: `${byId.get(slot.slotId)!.date} ${byId.get(slot.slotId)!.start_time}: ${slot.tickets} tickets`,
          })),
        });
      }
      // Two steps, so a shift within the selection (10:00 → 10:30 while 10:30 → 11:00) never meets a slot
      // that has not moved yet on the unique (product_id, starts_at): out of the way first, then in place.
      // A slot another transaction inserted at a new start and has not committed passed the check unseen:
      // the unique index decides, answered as the check would have.
      await refusingTakenStart(
        async () => {
          await tx.execute(sql`
            UPDATE time_spans SET starts_at = starts_at + interval '2000 years', ends_at = ends_at + interval '2000 years'
            WHERE id = ANY(${sql.param(targetIds)}::bigint[])`);
          await tx.execute(sql`
            UPDATE time_spans
            SET starts_at = starts_at - interval '2000 years' + make_interval(mins => ${action.minutes}),
                ends_at = ends_at - interval '2000 years' + make_interval(mins => ${action.minutes}),
                version = version + 1
            WHERE id = ANY(${sql.param(targetIds)}::bigint[])`);
        },
        // The transaction is aborted: which slot met it is not asked (the error names no slot).
        () => new AppError('console_slot_start_taken'),
      );
      for (const { slotId } of withTickets) {
        const before = byId.get(slotId)!;
        mails += await mailSlotMoved(tx, env, slotId, { startsAt: before.starts_at, endsAt: before.ends_at });
      }
    }
    const after = new Map((await slotsOfSite(tx, siteCode, targetIds)).map((slot) => [slot.id, slot]));
    const changedVersions = versions.map((slot) => ({
      id: slot.id,
      version: after.get(slot.id)?.version ?? slot.version,
    }));
    const changes = targets.map((slot) => ({ slot_id: slot.id, before: slot, after: after.get(slot.id)! }));
    for (const change of changes) {
      await recordAudit(tx, {
        actor,
        siteCode,
        objectType: 'slot',
        objectId: String(change.slot_id),
        action: AUDIT_ACTION[action.kind],
        before: change.before,
        after: change.after,
        schema: consoleSlotSchema,
      });
    }
    return {
      preview: false,
      slots: changedVersions,
      changes,
      skipped,
      below_taken: [],
      slots_with_tickets: withTickets.length,
      tickets,
      mails,
    };
  });
  if (!response.preview && response.changes.length > 0) noteStockChange();
  return response;
}
