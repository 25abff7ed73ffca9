import { sql } from 'drizzle-orm';
import type { SystemRefundReason } from '@kippu/contract/console/order-timeline-details';
import type { Env } from '../../config/env.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { cancelTickets, type RefundDeps, type RefundSummary } from '../refunds/cancel-tickets.ts';
import { choiceDeadline } from './move-plan.ts';
import { moveReservation, type MoveRefusal } from './move-reservation.ts';
import { newMoveToken } from './move-token.ts';
import { addLateItems, expireSourceHolds, purchaseUnderWay } from './source-leftovers.ts';

/** What a run needs besides the database: links for the mails, the payment providers for refunds. */
export interface VisitorMoveDeps {
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>;
  refunds: RefundDeps;
}

/** The run's own actor in the audit log and on its refunds. */
export const MOVE_ACTOR: AuditActor = { kind: 'system', label: 'visitor-moves' };

interface Run {
  id: number;
  siteCode: string;
  fallback: 'refund' | 'leave';
  deadline: Date | null;
  sourceSlotIds: number[];
  targetSlotIds: number[];
}

interface PendingItem {
  id: number;
  reservationId: number;
  fromSlotId: number;
  plannedSlotId: number | null;
}

/** The refund's key of an item: a restart asks cancelTickets again with it and gets the same refund. */
export const itemRefundKey = (itemId: number) => `move-${itemId}`;

/** The item, row-locked, while it is pending; undefined once settled (a restart's second look). */
async function lockPendingItem(tx: Tx, itemId: number): Promise<PendingItem | undefined> {
  const { rows } = await tx.execute<{
    id: string;
    reservation_id: string;
    from_slot_id: string;
    planned_slot_id: string | null;
  }>(sql`
    SELECT id, reservation_id, from_slot_id, planned_slot_id FROM visitor_move_items
    WHERE id = ${itemId} AND state = 'pending' FOR UPDATE`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    reservationId: Number(row.reservation_id),
    fromSlotId: Number(row.from_slot_id),
    plannedSlotId: row.planned_slot_id === null ? null : Number(row.planned_slot_id),
  };
}

/** Settles a pending item (only a pending one: the guard of exactly once). */
async function settle(
  tx: Tx,
  itemId: number,
  state: 'moved' | 'refunded' | 'left' | 'failed',
  fields: {
    reason?: string | null;
    movedTo?: number;
    tokenHash?: string;
    deadline?: Date;
    mails?: number;
    refundId?: number;
  },
): Promise<void> {
  await tx.execute(sql`
    UPDATE visitor_move_items
    SET state = ${state}, reason = ${fields.reason ?? null}, moved_to_slot_id = ${fields.movedTo ?? null},
        token_hash = ${fields.tokenHash ?? null}, deadline = ${fields.deadline?.toISOString() ?? null}::timestamptz,
        mails = ${fields.mails ?? 0}, refund_id = ${fields.refundId ?? null}, finished_at = now()
    WHERE id = ${itemId} AND state = 'pending'`);
}

/**
 * One item in one transaction (ADR 079): the move with its mails and the item's `moved`, or the fallback
 * `left`, commit together; a crash before the commit leaves the item pending and the reservation where it
 * was. Answers the reason when the item falls back to a refund, which runs outside (it may call a gateway).
 */
async function moveOrFallBack(
  db: Db,
  deps: VisitorMoveDeps,
  run: Run,
  itemId: number,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const item = await lockPendingItem(tx, itemId);
    if (!item) return null;
    // The planned target first, then the others in time order: a target that filled up meanwhile falls
    // through to the next with room, as the plan would have placed it.
    const targets = [
      ...(item.plannedSlotId === null ? [] : [item.plannedSlotId]),
      ...run.targetSlotIds.filter((id) => id !== item.plannedSlotId),
    ];
    const token = newMoveToken();
    const outcome = await moveReservation(tx, deps.env, {
      reservationId: item.reservationId,
      fromSlotId: item.fromSlotId,
      toSlotIds: targets,
      actor: MOVE_ACTOR,
      moveId: run.id,
      itemId: item.id,
      choiceFor: (newStart) => {
        const deadline = choiceDeadline(run.deadline, newStart);
        return deadline.getTime() > Date.now() ? { token: token.token, deadline } : null;
      },
    });
    if (outcome.kind === 'moved') {
      await settle(tx, item.id, 'moved', {
        movedTo: outcome.toSlotId,
        mails: outcome.mails,
        ...(outcome.choice ? { tokenHash: token.hash, deadline: outcome.choice.deadline } : {}),
      });
      return null;
    }
    const reason = fallbackReason(outcome.reason, item.plannedSlotId);
    if (outcome.reason === 'not_reserved' || outcome.reason === 'not_on_source') {
      // Cancelled, refunded or moved otherwise before its turn: nothing is left to move.
      await settle(tx, item.id, 'failed', { reason });
      return null;
    }
    if (outcome.reason === 'ticket_used' || run.fallback === 'leave') {
      // A visit that began is never refunded by a run; staff decide on what is left.
      await settle(tx, item.id, 'left', { reason });
      return null;
    }
    // Still pending, with why: a restart after the refund was asked reads it back.
    await tx.execute(sql`UPDATE visitor_move_items SET reason = ${reason} WHERE id = ${item.id}`);
    return reason;
  });
}

function fallbackReason(refusal: MoveRefusal, plannedSlotId: number | null): string {
  if (refusal === 'out_of_stock') return plannedSlotId === null ? 'no_room' : 'out_of_stock';
  return refusal;
}

/** What the item records of its refund: refunded (money back, on its way, or by hand) or failed. */
function refundState(summary: RefundSummary, reason: string) {
  switch (summary.status) {
    case 'failed':
    case 'rejected':
      return { state: 'failed' as const, reason: 'refund_failed' };
    case 'manual':
      return { state: 'refunded' as const, reason: 'refund_manual' };
    case 'awaiting_approval':
      return { state: 'refunded' as const, reason: 'refund_awaiting_approval' };
    default:
      return { state: 'refunded' as const, reason };
  }
}

/**
 * The refund of an item that fits nowhere: cancelTickets with the item's own key (so a restart after the
 * refund but before the item's state asks again and gets the same refund, never a second one), then the
 * item's state. A refusal of the refund (an AppError) fails the item with its code; any other error is
 * thrown, and the job runs again later.
 */
async function refundItem(db: Db, deps: VisitorMoveDeps, run: Run, itemId: number): Promise<void> {
  const { rows } = await db.execute<{ order_id: string; reason: string | null }>(sql`
    SELECT r.order_id, i.reason FROM visitor_move_items i JOIN reservations r ON r.id = i.reservation_id
    WHERE i.id = ${itemId}`);
  const reason = rows[0]!.reason ?? 'no_room';
  let outcome: { state: 'refunded' | 'failed'; reason: string; refundId?: number };
  try {
    const summary = await cancelTickets(db, deps.refunds, {
      site: run.siteCode,
      orderId: Number(rows[0]!.order_id),
      ticketIds: 'all',
      money: 'refund',
      reason: 'slot_closed' satisfies SystemRefundReason,
      idempotencyKey: itemRefundKey(itemId),
      actor: MOVE_ACTOR,
      approval: { limitYen: null },
    });
    outcome = { ...refundState(summary, reason), refundId: summary.refundId };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    outcome = { state: 'failed', reason: error.code };
  }
  await db.transaction((tx) =>
    settle(tx, itemId, outcome.state, {
      reason: outcome.reason,
      ...(outcome.refundId ? { refundId: outcome.refundId } : {}),
    }),
  );
}

/** A refund already asked for the item (the run stopped after asking, before writing the item's state). */
async function refundAsked(db: Db, itemId: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM refunds WHERE idempotency_key = ${itemRefundKey(itemId)}`,
  );
  return rows.length > 0;
}

async function startRun(db: Db, moveId: number): Promise<Run | undefined> {
  const { rows } = await db.execute<{
    site_code: string;
    fallback: 'refund' | 'leave';
    deadline: string | null;
    source_slot_ids: string[];
    target_slot_ids: string[];
  }>(sql`
    UPDATE visitor_moves SET status = 'running', started_at = COALESCE(started_at, now())
    WHERE id = ${moveId} AND status <> 'done'
    RETURNING site_code, fallback, deadline, source_slot_ids, target_slot_ids`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: moveId,
    siteCode: row.site_code,
    fallback: row.fallback,
    deadline: row.deadline === null ? null : new Date(row.deadline),
    sourceSlotIds: row.source_slot_ids.map(Number),
    targetSlotIds: row.target_slot_ids.map(Number),
  };
}

/**
 * Once no item is pending, under the source slots' row locks (a payment landing on them waits, ADR 061's
 * id order): open holds left on the source are expired, a reservation that stands there with no item (an
 * order that was paying at the close and paid since) gets one, and an order still paying keeps the run
 * open (review finding 7: never silently left on a closed slot). Else the run is done, its end and counts
 * audited once (the status is the guard). Answers 'more' (new items), 'waiting' or 'done'.
 */
async function finishRun(db: Db, run: Run): Promise<'more' | 'waiting' | 'done'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      SELECT id FROM time_spans WHERE id = ANY(${sql.param(run.sourceSlotIds)}::bigint[]) ORDER BY id FOR UPDATE`);
    await expireSourceHolds(tx, MOVE_ACTOR, run.siteCode, run.sourceSlotIds, run.id);
    if ((await addLateItems(tx, run.id, run.sourceSlotIds)) > 0) return 'more';
    if (await purchaseUnderWay(tx, run.sourceSlotIds)) return 'waiting';
    const { rows } = await tx.execute<{ id: string }>(sql`
      UPDATE visitor_moves SET status = 'done', finished_at = now()
      WHERE id = ${run.id} AND status <> 'done'
        AND NOT EXISTS (SELECT 1 FROM visitor_move_items WHERE move_id = ${run.id} AND state = 'pending')
      RETURNING id`);
    if (rows.length === 0) return 'done';
    const { rows: counts } = await tx.execute<{ state: string; n: number }>(sql`
      SELECT state, count(*)::int AS n FROM visitor_move_items WHERE move_id = ${run.id} GROUP BY state`);
    await recordAudit(tx, {
      actor: MOVE_ACTOR,
      siteCode: run.siteCode,
      objectType: 'visitor_move',
      objectId: String(run.id),
      action: 'visitor_move_finished',
      after: Object.fromEntries(counts.map((row) => [row.state, row.n])),
    });
    return 'done';
  });
}

/**
 * The run's job (ADR 057, 079): its items in purchase order, each settled on its own (moved with its mails,
 * left, refunded or failed), then the run is done. Idempotent: a restart (another process after a kill -9,
 * a retry after an error) skips settled items and finishes the rest; `signal` stops it between items when
 * this worker lost its claim. Answers 'waiting' while an order on the source is still paying (the caller
 * runs it again later), else 'done'.
 */
export async function runMove(
  db: Db,
  deps: VisitorMoveDeps,
  moveId: number,
  signal?: AbortSignal,
): Promise<'done' | 'waiting'> {
  const run = await startRun(db, moveId);
  if (!run) return 'done';
  for (;;) {
    if (signal?.aborted) throw new Error(`visitor move ${moveId}: the worker lost its claim`);
    const { rows } = await db.execute<{ id: string }>(sql`
      SELECT id FROM visitor_move_items WHERE move_id = ${moveId} AND state = 'pending'
      ORDER BY position LIMIT 1`);
    if (!rows[0]) {
      const finished = await finishRun(db, run);
      if (finished === 'more') continue;
      return finished;
    }
    const itemId = Number(rows[0].id);
    const refund = (await refundAsked(db, itemId)) || (await moveOrFallBack(db, deps, run, itemId)) !== null;
    if (refund) await refundItem(db, deps, run, itemId);
  }
}
