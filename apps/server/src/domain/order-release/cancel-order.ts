import { sql } from 'drizzle-orm';
import { SALES_CHANNELS } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { lockOrder, requireKind } from '../orders/order-lock.ts';
import { transitionOrders } from '../orders/order-state.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { releaseHolds } from './release-holds.ts';

/**
 * DELETE /orders/{id}: marks the order cancelled and gives its hold back (stock and coupon uses) in one
 * transaction (here, above orders, stock and coupons, as it composes them; ADR 061). Answers false when there is nothing to cancel (unknown, already cancelled, expired,
 * checked out): the transition function only moves an open order. A change of date's order is refused
 * (`record not found`, as the other ordinary order calls on it answer).
 */
export async function cancelOrder(db: Db, siteCode: string, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, siteCode, token);
    const moved = await transitionOrders(tx, {
      orders: sql`SELECT id FROM orders
                  WHERE order_token = ${token} AND site_code = ${siteCode} AND expires_at > now()`,
      to: 'cancelled',
      reason: 'cancelled_by_visitor',
    });
    // A change of date's order goes only with its change (DELETE /timechanges/{r}/{t}, ADR 029, 040):
    // cancelled here, it would leave the change pending on a lost hold until it lapsed. Rolled back.
    if (order && moved.length > 0)
      requireKind(order, { kinds: SALES_CHANNELS, changeRefusal: 'record_not_found' });
    await releaseHolds(tx, moved);
    for (const cancelled of moved) {
      await recordAudit(tx, {
        actor: { kind: 'visitor', label: `order ${cancelled.id}` },
        siteCode,
        objectType: 'order',
        objectId: String(cancelled.id),
        action: 'cancelled',
        before: { status: cancelled.from },
        after: { status: 'cancelled', time_span_id: cancelled.time_span_id, quantity: cancelled.quantity },
      });
    }
    return moved.length > 0;
  });
}
