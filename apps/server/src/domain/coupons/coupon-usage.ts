import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

type Executor = Pick<Db, 'execute'>;

/**
 * Gives back the coupon uses held by orders that are being released (expired, deleted), so a limited
 * coupon is usable again. Call it in the same transaction that releases the orders' stock.
 */
export async function releaseCouponUsage(tx: Executor, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.execute(sql`
    UPDATE coupons c SET used_count = c.used_count - u.uses
    FROM (
      SELECT coupon_id, count(*)::int AS uses FROM order_coupons
      WHERE order_id = ANY(${sql.param(orderIds)}::bigint[]) GROUP BY coupon_id
    ) u
    WHERE c.id = u.coupon_id`);
}
