import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { createMoveBodySchema, CreateMoveResponse } from '@kippu/contract/console/moves-schemas';
import type { Db, Tx } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/enqueue-job.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { planAnswer } from './move-answers.ts';
import { planMove, type MovePlan } from './move-plan.ts';
import { planRefundTotal } from './move-refund-total.ts';
import { expireSourceHolds } from './source-leftovers.ts';

export type CreateMoveInput = z.output<typeof createMoveBodySchema>;

/** The job queue that runs a move (ADR 057); its handler is registered from app.ts (register-visitor-moves.ts). */
export const VISITOR_MOVES_QUEUE = 'visitor-moves.run';

/** A run on one of these slots is queued or running: a second one waits for it (console_move_in_progress). */
async function assertNoOpenRun(tx: Tx, slotIds: readonly number[]): Promise<void> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    SELECT id FROM visitor_moves
    WHERE status <> 'done' AND source_slot_ids && ${sql.param([...slotIds])}::bigint[] LIMIT 1`);
  if (rows.length > 0) throw new AppError('console_move_in_progress');
}

/** Stops the source's sales (ADR 079: a slot being emptied sells nothing), audited per slot. */
async function closeSourceSlots(tx: Tx, actor: AuditActor, site: string, plan: MovePlan, moveId: number) {
  const open = plan.sourceSlots.filter((slot) => slot.onSale).map((slot) => slot.id);
  if (open.length === 0) return;
  await tx.execute(sql`
    UPDATE time_spans SET on_sale = false, version = version + 1 WHERE id = ANY(${sql.param(open)}::bigint[])`);
  for (const id of open) {
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'slot',
      objectId: String(id),
      action: 'slot_closed_for_move',
      before: { on_sale: true },
      after: { on_sale: false, visitor_move_id: moveId },
    });
  }
}

async function insertRun(
  tx: Tx,
  actor: AuditActor,
  site: string,
  input: CreateMoveInput,
  plan: MovePlan,
): Promise<number> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    INSERT INTO visitor_moves (site_code, product_id, source, source_slot_ids, target_slot_ids, fallback, deadline,
                               created_by_staff_id, created_by_label)
    VALUES (${site}, ${plan.productId}, ${JSON.stringify(input.source)}::jsonb,
            ${sql.param(plan.sourceSlots.map((slot) => slot.id))}::bigint[],
            ${sql.param(plan.targets.map((slot) => slot.id))}::bigint[],
            ${input.fallback}, ${input.deadline ?? null}::timestamptz,
            ${actor.staffId ?? null}, ${actor.label ?? actor.kind})
    RETURNING id`);
  const moveId = Number(rows[0]!.id);
  const rowsOf = plan.candidates;
  if (rowsOf.length > 0) {
    await tx.execute(sql`
      INSERT INTO visitor_move_items (move_id, position, reservation_id, from_slot_id, planned_slot_id, tickets)
      SELECT ${moveId}, i.position, i.reservation_id, i.from_slot_id, i.planned_slot_id, i.tickets
      FROM unnest(${sql.param(rowsOf.map((_, index) => index + 1))}::int[],
                  ${sql.param(rowsOf.map((row) => row.reservationId))}::bigint[],
                  ${sql.param(rowsOf.map((row) => row.fromSlotId))}::bigint[],
                  ${sql.param(rowsOf.map((row) => row.targetSlotId))}::bigint[],
                  ${sql.param(rowsOf.map((row) => row.tickets))}::int[])
           AS i(position, reservation_id, from_slot_id, planned_slot_id, tickets)`);
  }
  return moveId;
}

/**
 * POST /sites/:site/moves (ADR 079). A preview answers the plan and writes nothing. Otherwise, in one
 * transaction under the source slots' row locks (so two runs on one source cannot both start): refuses while
 * another run on any of them is open, plans on what stands, closes the source, writes the run with one
 * pending item per reservation (in purchase order), audits it and queues its job (enqueueJob, ADR 057), which
 * exists exactly when the run does.
 */
export async function createMove(
  db: Db,
  actor: AuditActor,
  site: string,
  input: CreateMoveInput,
): Promise<CreateMoveResponse> {
  const request = { source: input.source, targetSlotIds: input.target_slot_ids };
  // A deadline already past would send links that never work.
  if (input.deadline !== undefined && Date.parse(input.deadline) <= Date.now())
    throw new AppError('invalid_request', 'the deadline has passed');
  if (input.preview) {
    const plan = await planMove(db, site, request);
    const refundYen = await planRefundTotal(db, plan, input.fallback);
    return { preview: true, move_id: null, plan: planAnswer(plan, input.fallback, refundYen) };
  }
  return db.transaction(async (tx) => {
    const plan = await planMove(tx, site, request, true);
    await assertNoOpenRun(
      tx,
      plan.sourceSlots.map((slot) => slot.id),
    );
    const moveId = await insertRun(tx, actor, site, input, plan);
    await closeSourceSlots(tx, actor, site, plan, moveId);
    // Holds that have not started paying end with the close (review finding 7); paying ones the run waits for.
    await expireSourceHolds(
      tx,
      actor,
      site,
      plan.sourceSlots.map((slot) => slot.id),
      moveId,
    );
    const answer = planAnswer(plan, input.fallback, await planRefundTotal(tx, plan, input.fallback));
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'visitor_move',
      objectId: String(moveId),
      action: 'visitor_move_started',
      after: {
        source: input.source,
        source_slot_ids: plan.sourceSlots.map((slot) => slot.id),
        target_slot_ids: plan.targets.map((slot) => slot.id),
        fallback: input.fallback,
        deadline: input.deadline ?? null,
        counts: answer.counts,
      },
    });
    await enqueueJob(tx, { queue: VISITOR_MOVES_QUEUE, payload: { moveId }, key: `move-${moveId}` });
    return { preview: false, move_id: moveId, plan: answer };
  });
}
