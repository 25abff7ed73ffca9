import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { releaseHolds } from '../order-release/release-holds.ts';
import { transitionOrders } from '../orders/order-state.ts';
import { expireChangesOfOrders } from '../time-changes/time-change-store.ts';

/**
 * Orders mid-purchase on a closed source (review finding 7, ADR 079). A hold that has not started paying
 * is expired with its stock and coupon uses given back (the order-release module's releaseHolds; a change
 * of date's hold ends its change, as the sweeper does); its checkout then answers session_timeout, and a
 * new hold on the closed slot answers not_on_sale. Orders another transaction holds right now (a checkout
 * starting, the sweeper) are skipped, never waited for: the run looks again before it finishes.
 */
export async function expireSourceHolds(
  tx: Tx,
  actor: AuditActor,
  site: string,
  slotIds: readonly number[],
  moveId: number,
): Promise<number> {
  const moved = await transitionOrders(tx, {
    orders: sql`
      SELECT id FROM orders
      WHERE time_span_id = ANY(${sql.param([...slotIds])}::bigint[]) AND status IN ('holding', 'ready_checkout')
      ORDER BY id FOR UPDATE SKIP LOCKED`,
    to: 'expired',
    reason: 'slot_closed',
  });
  await releaseHolds(tx, moved);
  await expireChangesOfOrders(
    tx,
    moved.map((order) => order.id),
  );
  for (const order of moved) {
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'order',
      objectId: String(order.id),
      action: 'hold_expired_for_move',
      before: { status: order.from },
      after: { status: 'expired', time_span_id: order.time_span_id, visitor_move_id: moveId },
    });
  }
  return moved.length;
}

/**
 * Reservations that stand on the source with no item of this run (an order that was paying when the run
 * closed the source and paid since): each gets a pending item after the others, with no planned target,
 * so it is moved to a target with room or falls back like any other. Answers how many were added.
 */
export async function addLateItems(tx: Tx, moveId: number, slotIds: readonly number[]): Promise<number> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    INSERT INTO visitor_move_items (move_id, position, reservation_id, from_slot_id, planned_slot_id, tickets)
    SELECT ${moveId},
           (SELECT COALESCE(max(position), 0) FROM visitor_move_items WHERE move_id = ${moveId})
             + row_number() OVER (ORDER BY r.created_at, r.id),
           r.id, o.time_span_id, NULL,
           (SELECT count(*) FROM tickets tk JOIN reservations x ON x.id = tk.reservation_id
            WHERE (x.id = r.id OR x.parent_reservation_id = r.id) AND tk.status <> 'void')::int
    FROM reservations r JOIN orders o ON o.id = r.order_id
    WHERE o.time_span_id = ANY(${sql.param([...slotIds])}::bigint[]) AND o.status = 'reserved'
      AND r.status = 'reserved' AND r.parent_reservation_id IS NULL
      AND NOT EXISTS (SELECT 1 FROM visitor_move_items i WHERE i.move_id = ${moveId} AND i.reservation_id = r.id)
    RETURNING id`);
  return rows.length;
}

/** Whether an order on the source may still become a reservation there (open or paying). */
export async function purchaseUnderWay(
  tx: Pick<Db, 'execute'> | Tx,
  slotIds: readonly number[],
): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    SELECT 1 FROM orders
    WHERE time_span_id = ANY(${sql.param([...slotIds])}::bigint[])
      AND status IN ('holding', 'ready_checkout', 'paying')
    LIMIT 1`);
  return rows.length > 0;
}
