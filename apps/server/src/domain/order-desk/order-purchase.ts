import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orderChainOf } from '../time-changes/order-chain.ts';

/**
 * The purchase an order belongs to, as the order desk reads it (ADR 078). A purchase is one reservation;
 * a change of date moves it to a new order and leaves the old one `changed` (ADR 029), so a purchase may
 * span several orders: `orderIds` lists them all, oldest first, and `currentOrderId` is the one the
 * reservation names now. An order that never became a reservation (held, expired, cancelled before paying)
 * is a purchase of its own order alone.
 */
export interface OrderPurchase {
  orderId: number;
  siteCode: string;
  reservationId: number | null;
  reservationToken: string | null;
  currentOrderId: number;
  orderIds: number[];
  lang: string;
}

/** An order of `site` with its purchase, or undefined (unknown, or another site's: the same answer). */
export async function orderPurchase(
  db: Pick<Db, 'execute'> | Tx,
  site: string,
  orderId: number,
): Promise<OrderPurchase | undefined> {
  const { rows } = await db.execute<{
    id: number;
    site_code: string;
    lang: string;
    reservation_id: number | null;
    reservation_token: string | null;
    current_order_id: number | null;
    order_ids: number[] | null;
  }>(sql`
    WITH o AS (SELECT id, site_code, lang FROM orders WHERE id = ${orderId} AND site_code = ${site}),
    r AS (
      -- The reservation names this order, or a finished change of date moved the reservation away from it.
      SELECT r.id, r.reservation_token, r.order_id FROM reservations r, o WHERE r.order_id = o.id
      UNION ALL
      SELECT r.id, r.reservation_token, r.order_id FROM time_changes c
        JOIN reservations r ON r.id = c.reservation_id, o
      WHERE c.from_order_id = o.id AND c.status = 'done'
      LIMIT 1)
    SELECT o.id, o.site_code, o.lang, r.id AS reservation_id, r.reservation_token, r.order_id AS current_order_id,
           (SELECT array_agg(x.order_id ORDER BY x.order_id) FROM (${orderChainOf(sql`r.order_id`)}) x) AS order_ids
    FROM o LEFT JOIN r ON true`);
  const row = rows[0];
  if (!row) return undefined;
  const reservationId = row.reservation_id === null ? null : Number(row.reservation_id);
  return {
    orderId: Number(row.id),
    siteCode: row.site_code,
    reservationId,
    reservationToken: row.reservation_token,
    currentOrderId: reservationId === null ? Number(row.id) : Number(row.current_order_id),
    orderIds: reservationId === null ? [Number(row.id)] : (row.order_ids ?? []).map(Number),
    lang: row.lang,
  };
}
