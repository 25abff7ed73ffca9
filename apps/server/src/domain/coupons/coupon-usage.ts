import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

type Executor = Pick<Db, 'execute'>;

/**
 * Gives back the coupon uses held by orders that are being released (expired, deleted), so a limited
 * coupon is usable again. Call it in the same transaction that releases the orders' stock.
 * The coupon rows are locked in id order first (style guide: lock every set of rows in a fixed order):
 * the update alone visits rows in whatever order its plan reads the table, so a sweep and a cancel
 * sharing two coupons could each hold one and wait for the other (issue 7).
 */
export async function releaseCouponUsage(tx: Executor, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const uses = sql`
    SELECT coupon_id, count(*)::int AS uses FROM order_coupons
    WHERE order_id = ANY(${sql.param(orderIds)}::bigint[]) GROUP BY coupon_id`;
  await tx.execute(sql`
    SELECT id FROM coupons WHERE id IN (SELECT coupon_id FROM (${uses}) u) ORDER BY id FOR UPDATE`);
  await tx.execute(sql`
    UPDATE coupons c SET used_count = c.used_count - u.uses
    FROM (${uses}) u
    WHERE c.id = u.coupon_id`);
}
