import { sql } from 'drizzle-orm';
import type { Dashboard } from '@kippu/contract/console/operations-dashboard';
import type { Db, Tx } from '../../db/client.ts';

/**
 * Today, live (issue 27): the numbers of one or several sites for the Tokyo day, in three statements
 * (sales; slots with their visitors and capacity; payments that need a look) in one read-only snapshot. Each reads through an index:
 * order_events_reserved_at_idx (sold today), time_spans_product_start_idx with products_site_idx (the
 * week's slots), orders_reserved_slot_idx and the reservations' and tickets' keys (visitors per slot),
 * orders_staff_attention_idx (flagged payments).
 */

/** The Tokyo day's bounds as timestamptz, and its date. */
const DAY = sql`(SELECT d::timestamp AT TIME ZONE 'Asia/Tokyo' AS day_start, d AS day
                 FROM (SELECT (now() AT TIME ZONE 'Asia/Tokyo')::date AS d) t)`;

/** Days of capacity shown: today and the next six. */
const CAPACITY_DAYS = 7;
const FLAGGED_SHOWN = 100;

/** The product's name in `lang`, Japanese where it has none (every product has a Japanese name). */
const productName = (lang: string) => sql`COALESCE(NULLIF(p.names ->> ${lang}::text, ''), p.names ->> 'ja')`;

async function sales(db: Tx, sites: readonly string[]) {
  // A change of date's order is no sale (time_changes.order_id); its top-up is not counted here either.
  // An order reserved today and since cancelled or refunded (the order, or its payment) stays in `sold`
  // and is counted again in `refunded`: net is what today's sales still bring in.
  const { rows } = await db.execute<{
    channel: string;
    payment_method: string;
    orders: number;
    tickets: number;
    cancelled_orders: number;
    sold: number | string;
    refunded: number | string;
  }>(sql`
    SELECT channel, payment_method,
           count(*) FILTER (WHERE NOT gone)::int AS orders,
           COALESCE(sum(quantity) FILTER (WHERE NOT gone), 0)::int AS tickets,
           count(*) FILTER (WHERE gone)::int AS cancelled_orders,
           sum(price)::bigint AS sold,
           COALESCE(sum(price) FILTER (WHERE gone), 0)::bigint AS refunded
    FROM (
      SELECT o.channel, COALESCE(pay.method, 'free') AS payment_method, o.quantity, o.price,
             (o.status <> 'reserved' OR pay.status IS NOT DISTINCT FROM 'refunded') AS gone
      FROM ${DAY} b
      JOIN order_events e ON e.to_status = 'reserved'
        AND e.created_at >= b.day_start AND e.created_at < b.day_start + interval '1 day'
      JOIN orders o ON o.id = e.order_id
      LEFT JOIN LATERAL (SELECT method, status FROM payments
                         WHERE order_id = o.id AND status IN ('confirmed', 'refunded')
                         ORDER BY id DESC LIMIT 1) pay ON true
      WHERE o.site_code = ANY(${sql.param([...sites])}::text[])
        AND NOT EXISTS (SELECT 1 FROM time_changes c WHERE c.order_id = o.id)
    ) today
    GROUP BY 1, 2 ORDER BY 1, 2`);
  return rows.map((row) => {
    const sold = Number(row.sold);
    const refunded = Number(row.refunded);
    return { ...row, sold, refunded, net: sold - refunded };
  });
}

async function slots(db: Tx, sites: readonly string[], lang: string) {
  // Visitors are counted only for today's slots; a ticket shared off (a child reservation) counts with
  // its parent's order; a voided ticket or a cancelled reservation is not expected.
  const { rows } = await db.execute<{
    site: string;
    time_span_id: number;
    product_name: string;
    starts_at: Date | string;
    ends_at: Date | string;
    date: string;
    capacity: number;
    sold: number;
    held: number;
    today: boolean;
    expected: number | null;
    entered: number | null;
  }>(sql`
    SELECT p.site_code AS site, s.id AS time_span_id, ${productName(lang)} AS product_name, s.starts_at, s.ends_at,
           to_char((s.starts_at AT TIME ZONE 'Asia/Tokyo')::date, 'YYYY-MM-DD') AS date,
           s.capacity, s.sold, s.held, s.starts_at < b.day_start + interval '1 day' AS today,
           v.expected, v.entered
    FROM ${DAY} b
    JOIN products p ON p.site_code = ANY(${sql.param([...sites])}::text[])
    JOIN time_spans s ON s.product_id = p.id
      AND s.starts_at >= b.day_start AND s.starts_at < b.day_start + ${`${CAPACITY_DAYS} days`}::interval
    LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE t.status IN ('valid', 'used'))::int AS expected,
             count(*) FILTER (WHERE t.status = 'used')::int AS entered
      FROM orders o
      JOIN reservations r0 ON r0.order_id = o.id
      JOIN reservations r ON (r.id = r0.id OR r.parent_reservation_id = r0.id) AND r.status = 'reserved'
      JOIN tickets t ON t.reservation_id = r.id
      WHERE o.time_span_id = s.id AND o.status = 'reserved'
    ) v ON s.starts_at < b.day_start + interval '1 day'
    ORDER BY s.starts_at, p.site_code, p.position, s.id`);
  const iso = (value: Date | string) => new Date(value).toISOString();
  return {
    today: rows
      .filter((row) => row.today)
      .map((row) => ({
        site: row.site,
        time_span_id: Number(row.time_span_id),
        product_name: row.product_name,
        starts_at: iso(row.starts_at),
        ends_at: iso(row.ends_at),
        expected: row.expected ?? 0,
        entered: row.entered ?? 0,
        not_arrived: (row.expected ?? 0) - (row.entered ?? 0),
      })),
    capacity: rows.map((row) => ({
      site: row.site,
      date: row.date,
      time_span_id: Number(row.time_span_id),
      product_name: row.product_name,
      starts_at: iso(row.starts_at),
      capacity: row.capacity,
      sold: row.sold,
      held: row.held,
    })),
  };
}

async function flagged(db: Tx, sites: readonly string[]) {
  const { rows } = await db.execute<{
    site: string;
    order_id: number;
    reason: string;
    flagged_at: Date | string;
    status: string;
    amount: number;
  }>(sql`
    SELECT site_code AS site, id AS order_id, COALESCE(staff_attention_reason, '') AS reason,
           staff_attention_at AS flagged_at, status, price AS amount
    FROM orders
    WHERE staff_attention_at IS NOT NULL AND site_code = ANY(${sql.param([...sites])}::text[])
    ORDER BY staff_attention_at DESC, id DESC LIMIT ${FLAGGED_SHOWN}`);
  return rows.map((row) => ({
    ...row,
    order_id: Number(row.order_id),
    amount: Number(row.amount),
    flagged_at: new Date(row.flagged_at).toISOString(),
  }));
}

/**
 * The dashboard of the organisation's sites among `siteCodes` (the caller has checked the staff member may
 * read them): a code of another organisation is dropped here too, so a stale list never shows its numbers.
 */
export async function readDashboard(
  db: Db,
  scope: { organisationId: number; siteCodes: readonly string[]; lang: string },
): Promise<Dashboard> {
  // One connection and one snapshot: the figures agree with each other (a sale and its slot's sold count),
  // and a dashboard poll never takes more than one connection from the pool the holds need.
  const read = await db.transaction(
    async (tx) => {
      const { rows: own } = await tx.execute<{ code: string }>(sql`
        SELECT code FROM sites WHERE code = ANY(${sql.param([...scope.siteCodes])}::text[])
          AND organisation_id = ${scope.organisationId} ORDER BY position, code`);
      const sites = own.map((row) => row.code);
      const { rows: day } = await tx.execute<{ day: string }>(
        sql`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM ${DAY} b`,
      );
      return {
        sites,
        day: day[0]!.day,
        sold: await sales(tx, sites),
        week: await slots(tx, sites, scope.lang),
        needsLook: await flagged(tx, sites),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const totals = read.sold.reduce(
    (sum, row) => ({
      orders: sum.orders + row.orders,
      tickets: sum.tickets + row.tickets,
      cancelled_orders: sum.cancelled_orders + row.cancelled_orders,
      sold: sum.sold + row.sold,
      refunded: sum.refunded + row.refunded,
      net: sum.net + row.net,
    }),
    { orders: 0, tickets: 0, cancelled_orders: 0, sold: 0, refunded: 0, net: 0 },
  );
  return {
    date: read.day,
    sites: read.sites,
    generated_at: new Date().toISOString(),
    totals,
    sales: read.sold,
    slots_today: read.week.today,
    capacity: read.week.capacity,
    flagged_payments: read.needsLook,
  };
}
