import { sql } from 'drizzle-orm';
import type { CouponUses } from '@kippu/contract/console/coupons-schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { INT4_MAX, iso } from './coupon-admin-rows.ts';

/** The list shows the newest uses; the counts cover them all. */
const USES_SHOWN = 500;

/**
 * The uses of one coupon or of every code of a batch (ADR 070): the count the visitor side keeps
 * (`used_count`, taken and given back in coupon-store.ts and coupon-usage.ts; read here, never written) and
 * the orders holding them. No visitor's personal data: the reservation number, only for staff who may read
 * orders (`ordersVisible`). The list shows every order the coupon went on, with its state: an expired or
 * cancelled hold gave its use back (release-holds.ts), so `used_count` may be below the list's length.
 */
export async function couponUses(
  db: Db,
  site: string,
  of: { couponId: number } | { batchId: number },
  ordersVisible: boolean,
): Promise<CouponUses> {
  if (('couponId' in of ? of.couponId : of.batchId) > INT4_MAX) throw new AppError('record_not_found');
  const which = 'couponId' in of ? sql`c.id = ${of.couponId}` : sql`c.batch_id = ${of.batchId}`;
  const counted = await db.execute<{ n: number; used: number }>(sql`
    SELECT count(*)::int AS n, coalesce(sum(c.used_count), 0)::int AS used
    FROM coupons c WHERE c.site_code = ${site} AND (${which})`);
  if ('couponId' in of && counted.rows[0]!.n === 0) throw new AppError('record_not_found');
  if ('batchId' in of) {
    const batch = await db.execute(
      sql`SELECT 1 FROM coupon_batches WHERE id = ${of.batchId} AND site_code = ${site}`,
    );
    if (batch.rows.length === 0) throw new AppError('record_not_found');
  }
  const { rows } = await db.execute<{
    code: string;
    reservation_number: string | null;
    status: string;
    created_at: Date | string;
    discount: number;
    discount_total: number;
    uses: number;
  }>(sql`
    SELECT c.code, r.reservation_number, o.status, o.created_at, oc.discount,
      sum(oc.discount) OVER ()::int AS discount_total, count(*) OVER ()::int AS uses
    FROM coupons c
    JOIN order_coupons oc ON oc.coupon_id = c.id
    JOIN orders o ON o.id = oc.order_id
    LEFT JOIN reservations r ON r.order_id = o.id
    WHERE c.site_code = ${site} AND (${which})
    ORDER BY o.created_at DESC, oc.id DESC
    LIMIT ${USES_SHOWN}`);
  return {
    used_count: counted.rows[0]!.used,
    discount_total: rows[0]?.discount_total ?? 0,
    orders_visible: ordersVisible,
    uses: rows.map((row) => ({
      code: row.code,
      reservation_number: ordersVisible ? row.reservation_number : null,
      order_status: row.status,
      ordered_at: iso(row.created_at)!,
      discount: row.discount,
    })),
    truncated: (rows[0]?.uses ?? 0) > rows.length,
  };
}
