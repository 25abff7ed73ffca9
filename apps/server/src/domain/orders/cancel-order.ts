import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { releaseHolds } from '../stock/release-holds.ts';
import { transitionOrders } from './order-state.ts';

/**
 * DELETE /orders/{id}: marks the order cancelled and gives its hold back (stock and coupon uses) in one
 * transaction. Answers false when there is nothing to cancel (unknown, already cancelled, expired,
 * checked out): the transition function only moves an open order.
 */
export async function cancelOrder(db: Db, siteCode: string, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await transitionOrders(tx, {
      orders: sql`SELECT id FROM orders
                  WHERE order_token = ${token} AND site_code = ${siteCode} AND expires_at > now()`,
      to: 'cancelled',
      reason: 'cancelled_by_visitor',
    });
    await releaseHolds(tx, moved);
    return moved.length > 0;
  });
}
