import { sql, type SQL } from 'drizzle-orm';
import type {
  OrderSearchKind,
  OrderSearchQuery,
  OrderSearchResponse,
  OrderSummary,
} from '@kippu/contract/console/orders-schemas';
import type { LocalizedText, OrderStatus } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { normalizeReservationNumber } from '../reservations/reservation-codes.ts';
import { verifyTicketQr, type VerifyingSecrets } from '../tickets/ticket-qr.ts';

const DEFAULT_PAGE = 50;

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The customer indexes' condition (migration 1198: a hold without details is not in them): each customer
 * search states it, or the planner cannot use them.
 */
const HAS_CUSTOMER_INFO = sql.raw(`customer_info <> '[]'::jsonb`);

/**
 * The orders one search value may name, per kind: each a query answered from an index within the site
 * (migrations 0920, 1198), or nothing when the value cannot be of that kind (a name has no @, a QR payload has
 * its own shape). A ticket's QR payload is verified first, in memory, as at the gate: a forged one names nothing.
 */
export function searchCandidates(
  site: string,
  q: string,
  only: OrderSearchKind | undefined,
  secrets: VerifyingSecrets,
): { kind: OrderSearchKind; ids: SQL }[] {
  const wanted = (kind: OrderSearchKind) => only === undefined || only === kind;
  const found: { kind: OrderSearchKind; ids: SQL }[] = [];
  if (q.startsWith('K1.')) {
    // A QR payload is nothing else; a genuine but stale one (the ticket moved since) still names its ticket.
    const ticket = wanted('ticket_qr') ? verifyTicketQr(q, secrets) : null;
    if (ticket) {
      found.push({
        kind: 'ticket_qr',
        ids: sql`SELECT COALESCE(r.order_id, pr.order_id) FROM tickets tk
                 JOIN reservations r ON r.id = tk.reservation_id
                 LEFT JOIN reservations pr ON pr.id = r.parent_reservation_id
                 WHERE tk.id = ${ticket.ticketId} AND r.site_code = ${site}`,
      });
    }
    return found;
  }
  const number = normalizeReservationNumber(q);
  if (wanted('reservation_number') && /^[A-Z0-9]{4,32}$/.test(number)) {
    found.push({
      kind: 'reservation_number',
      ids: sql`SELECT COALESCE(r.order_id, pr.order_id) FROM reservations r
               LEFT JOIN reservations pr ON pr.id = r.parent_reservation_id
               WHERE r.site_code = ${site} AND r.reservation_number = ${number}`,
    });
  }
  if (q.includes('@')) {
    if (wanted('email')) {
      found.push({
        kind: 'email',
        ids: sql`SELECT id FROM orders WHERE site_code = ${site} AND ${HAS_CUSTOMER_INFO}
                 AND lower(order_customer_value(customer_info, 'email')) = ${q.toLowerCase()}`,
      });
    }
    return found;
  }
  const digits = q.replace(/[^0-9]/g, '');
  if (wanted('phone') && /^[+0-9()\s-]+$/.test(q) && digits.length >= 6) {
    found.push({
      kind: 'phone',
      ids: sql`SELECT id FROM orders WHERE site_code = ${site} AND ${HAS_CUSTOMER_INFO}
               AND order_customer_phone_digits(customer_info) = ${digits}`,
    });
  }
  if (wanted('name')) {
    found.push({
      kind: 'name',
      ids: sql`SELECT id FROM orders WHERE site_code = ${site} AND ${HAS_CUSTOMER_INFO}
               AND lower(order_customer_value(customer_info, 'fullname')) LIKE ${`%${likeLiteral(q.toLowerCase())}%`}`,
    });
  }
  if (wanted('coupon_code')) {
    found.push({
      kind: 'coupon_code',
      ids: sql`SELECT oc.order_id FROM coupons c JOIN order_coupons oc ON oc.coupon_id = c.id
               WHERE c.site_code = ${site} AND c.code IN (${q}, ${q.toUpperCase()})`,
    });
  }
  if (wanted('payment_number')) {
    found.push({
      kind: 'payment_number',
      ids: sql`SELECT order_id FROM payments WHERE payment_number = ${q} AND site_code = ${site}`,
    });
  }
  return found;
}

type SummaryRow = {
  id: number;
  reservation_number: string | null;
  status: OrderStatus;
  channel: string;
  partner_id: number | null;
  partner_name: string | null;
  fullname: string | null;
  email: string | null;
  phone: string | null;
  product_names: LocalizedText;
  starts_at: string;
  ends_at: string;
  quantity: number;
  price: number;
  payment_method: string | null;
  created_at: string;
  matched_by: OrderSearchKind[] | null;
};

/** A Tokyo calendar day's first instant. */
const tokyoDayStart = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE 'Asia/Tokyo')`;

/**
 * GET /sites/:site/orders (ADR 078): the site's orders a search value names (every kind it may be, or the
 * one asked for), narrowed by the filters, newest first (by id, the order they were made in), a page at a
 * time with the last id as the cursor. Only `site`'s orders: every candidate query and the final one say so.
 */
export async function searchOrders(
  db: Db,
  secrets: VerifyingSecrets,
  site: string,
  query: OrderSearchQuery,
): Promise<OrderSearchResponse> {
  const limit = query.limit ?? DEFAULT_PAGE;
  const q = query.q?.trim();
  const found = q ? searchCandidates(site, q, query.kind, secrets) : [];
  if (q && found.length === 0) return { orders: [], next_cursor: null };
  const matches = found.length
    ? sql`JOIN (SELECT id, array_agg(DISTINCT kind) AS kinds FROM (
            ${sql.join(
              found.map((c) => sql`SELECT m.id, ${c.kind}::text AS kind FROM (${c.ids}) AS m(id)`),
              sql` UNION ALL `,
            )}) x GROUP BY id) hit ON hit.id = o.id`
    : sql``;
  const where: SQL[] = [sql`o.site_code = ${site}`];
  if (query.cursor) where.push(sql`o.id < ${query.cursor}::bigint`);
  if (query.status) where.push(sql`o.status = ${query.status}`);
  if (query.channel) where.push(sql`o.channel = ${query.channel}`);
  if (query.from) where.push(sql`o.created_at >= ${tokyoDayStart(query.from)}`);
  if (query.to) where.push(sql`o.created_at < ${tokyoDayStart(query.to)} + interval '1 day'`);
  if (query.date) {
    where.push(sql`t.starts_at >= ${tokyoDayStart(query.date)}
                   AND t.starts_at < ${tokyoDayStart(query.date)} + interval '1 day'`);
  }
  if (query.partner_id !== undefined) where.push(sql`o.partner_id = ${query.partner_id}`);
  if (query.payment_method) {
    where.push(
      sql`EXISTS (SELECT 1 FROM payments pm WHERE pm.order_id = o.id AND pm.method = ${query.payment_method})`,
    );
  }
  const { rows } = await db.execute<SummaryRow>(sql`
    SELECT o.id, o.status, o.channel, o.quantity, o.price, o.created_at, o.partner_id, pa.name AS partner_name,
           order_customer_value(o.customer_info, 'fullname') AS fullname,
           order_customer_value(o.customer_info, 'email') AS email,
           order_customer_value(o.customer_info, 'phone') AS phone,
           p.names AS product_names, t.starts_at, t.ends_at,
           COALESCE(r.reservation_number,
                    (SELECT cr.reservation_number FROM time_changes c JOIN reservations cr ON cr.id = c.reservation_id
                     WHERE c.from_order_id = o.id AND c.status = 'done' LIMIT 1)) AS reservation_number,
           (SELECT pm.method FROM payments pm WHERE pm.order_id = o.id ORDER BY pm.id DESC LIMIT 1) AS payment_method,
           ${found.length ? sql`hit.kinds` : sql`NULL::text[]`} AS matched_by
    FROM orders o
    ${matches}
    JOIN time_spans t ON t.id = o.time_span_id
    JOIN products p ON p.id = o.product_id
    LEFT JOIN reservations r ON r.order_id = o.id
    LEFT JOIN partners pa ON pa.id = o.partner_id
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY o.id DESC
    LIMIT ${limit + 1}`);
  const page = rows.slice(0, limit);
  const orders: OrderSummary[] = page.map((row) => ({
    id: Number(row.id),
    reservation_number: row.reservation_number,
    status: row.status,
    channel: row.channel,
    partner_id: row.partner_id === null ? null : Number(row.partner_id),
    partner_name: row.partner_name,
    visitor: { fullname: row.fullname, email: row.email, phone: row.phone },
    product_names: row.product_names,
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    quantity: Number(row.quantity),
    price: Number(row.price),
    payment_method: row.payment_method,
    created_at: new Date(row.created_at).toISOString(),
    matched_by: row.matched_by ?? [],
  }));
  return {
    orders,
    next_cursor: rows.length > limit ? String(orders[orders.length - 1]!.id) : null,
  };
}
