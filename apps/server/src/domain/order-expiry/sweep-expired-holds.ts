import { sql } from 'drizzle-orm';
import { DEFAULT_PAYING_GRACE_MINUTES } from '../../config/env.ts';
import type { Db, Tx } from '../../db/client.ts';
import { transactionWithTimeouts, type LongerTimeouts } from '../../db/timeouts.ts';
import { transitionOrders } from '../orders/order-state.ts';
import { expireChangesOfOrders } from '../time-changes/time-change-store.ts';
import { releaseHolds } from '../order-release/release-holds.ts';

export const SWEEP_BATCH_SIZE = 300;

/**
 * One sweep: moves up to `limit` expired orders to 'expired' and gives their stock and coupon uses
 * back, in one transaction. SKIP LOCKED lets several sweepers (one per server process) work at once on
 * disjoint orders, and skips an order that a checkout or cancel holds right now. Answers how many
 * orders it released.
 *
 * `payingGraceMinutes`: how long past its hold an order may stay 'paying' before the sweeper gives up on
 * the payment and releases the stock, once the reconciliation worker has asked the gateway about it since
 * the hold ran out (PAYING_GRACE_MINUTES; a gateway redirect can outlive the hold by a few minutes; a
 * payment that lands after this is a late payment, kept if stock remains, else refunded).
 * `jobTimeouts`: the background job's longer limits (ADR 046); without them, the pool's.
 */
export async function sweepExpiredHolds(
  db: Db,
  limit = SWEEP_BATCH_SIZE,
  payingGraceMinutes = DEFAULT_PAYING_GRACE_MINUTES,
  jobTimeouts?: LongerTimeouts,
): Promise<number> {
  const sweep = async (tx: Tx) => {
    const moved = await transitionOrders(tx, {
      orders: sql`
        SELECT id FROM orders
        WHERE (status IN ('holding', 'ready_checkout') AND expires_at <= now())
           OR (status = 'paying' AND expires_at <= now() - make_interval(secs => ${payingGraceMinutes * 60})
               -- Never while the payment may still land: every attempt in flight was asked after the
               -- hold ran out (the reconciliation worker, ADR 026) and the gateway did not say paid.
               AND NOT EXISTS (
                 SELECT 1 FROM payments p
                 WHERE p.order_id = orders.id AND p.status IN ('created', 'pending')
                   AND (p.reconciled_at IS NULL OR p.reconciled_at < orders.expires_at)))
        ORDER BY expires_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED`,
      to: 'expired',
      reason: 'hold_expired',
    });
    await releaseHolds(tx, moved);
    // A pending change of date whose hold ran out ends with it (ADR 029).
    await expireChangesOfOrders(
      tx,
      moved.map((order) => order.id),
    );
    return moved.length;
  };
  return jobTimeouts ? transactionWithTimeouts(db, jobTimeouts, sweep) : db.transaction(sweep);
}
