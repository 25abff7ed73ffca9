import { sql, type SQL } from 'drizzle-orm';
import type { ReportColumn, SalesGroup } from '@kippu/contract/console/reports-schemas';
import {
  dayBounds,
  inSites,
  moneyGivenBack,
  nameIn,
  siteColumn,
  slotLabel,
  tokyoDay,
  type ReportQuery,
  type ReportScope,
} from './report-scope.ts';

/**
 * Sales (ADR 084): the orders that became reservations in the range (the Tokyo day of their `reserved` event,
 * the dashboard's "sold"), a change of date's order excepted (its top-up is in the date-changes report), grouped
 * by one dimension. `sales` is what the order charged (after its discounts), `discount` its coupon and
 * membership discounts, `refunds` what has gone back on its reservation so far (whenever), `net` the difference.
 * By ticket type the money is the lines' (price × quantity, before the order's discounts) and the refunds the
 * refunded tickets' own amounts.
 */
export function salesReport(_tx: unknown, scope: ReportScope): ReportQuery {
  return scope.group === 'ticket_type' ? salesByTicketType(scope) : salesByOrder(scope);
}

/** The orders sold in the range, with their sale time and reservation. */
function soldOrders(scope: ReportScope) {
  const { start, end } = dayBounds(scope);
  const channel = scope.channel === null ? sql`` : sql`AND o.channel = ${scope.channel}`;
  const product = scope.productId === null ? sql`` : sql`AND o.product_id = ${scope.productId}`;
  return sql`
    SELECT o.id, o.site_code, o.channel, o.product_id, o.time_span_id, o.quantity, o.price,
           o.membership_discount, e.sold_at,
           COALESCE((SELECT r.id FROM reservations r WHERE r.order_id = o.id),
                    (SELECT c.reservation_id FROM time_changes c
                     WHERE c.from_order_id = o.id AND c.status = 'done' LIMIT 1)) AS reservation_id
    FROM (SELECT order_id, min(created_at) AS sold_at FROM order_events
          WHERE to_status = 'reserved' AND created_at >= ${start} AND created_at < ${end}
          GROUP BY order_id) e
    JOIN orders o ON o.id = e.order_id
    WHERE ${inSites(sql`o.site_code`, scope)} ${channel} ${product}
      AND NOT EXISTS (SELECT 1 FROM time_changes c WHERE c.order_id = o.id)
      -- An order reserved before the range and reserved again within it is no new sale.
      AND NOT EXISTS (SELECT 1 FROM order_events x WHERE x.order_id = o.id AND x.to_status = 'reserved'
                      AND x.created_at < ${start})`;
}

/** What the grouping's key column is, and how it is computed from the order `s`. */
function groupKey(group: Exclude<SalesGroup, 'ticket_type'>, scope: ReportScope) {
  const keys: Record<typeof group, { column: ReportColumn; expression: SQL; order: SQL }> = {
    day: {
      column: { key: 'day', kind: 'date' },
      expression: tokyoDay(sql`s.sold_at`),
      order: sql`1`,
    },
    product: {
      column: { key: 'product', kind: 'text' },
      expression: nameIn(sql`pr.names`, scope),
      order: sql`min(pr.position), 1`,
    },
    slot: {
      column: { key: 'slot', kind: 'text' },
      expression: sql`${slotLabel(sql`ts.starts_at`)} || ' ' || ${nameIn(sql`pr.names`, scope)}`,
      order: sql`min(ts.starts_at), 1`,
    },
    channel: {
      column: { key: 'channel', kind: 'text' },
      expression: sql`s.channel`,
      order: sql`1`,
    },
    coupon: {
      column: { key: 'coupon', kind: 'text' },
      expression: sql`cp.code`,
      order: sql`1 NULLS FIRST`,
    },
  };
  return keys[group];
}

function salesByOrder(scope: ReportScope): ReportQuery {
  const group = scope.group as Exclude<SalesGroup, 'ticket_type'>;
  const key = groupKey(group, scope);
  const site = siteColumn(scope, sql`s.site_code`);
  const groupSite = scope.organisationWide ? sql`, s.site_code` : sql``;
  // By coupon an order is counted under each coupon it used (an order without one under an empty coupon).
  const coupons =
    group === 'coupon'
      ? sql`LEFT JOIN order_coupons oc ON oc.order_id = s.id LEFT JOIN coupons cp ON cp.id = oc.coupon_id`
      : sql``;
  const columns: ReportColumn[] = [
    key.column,
    ...site.column,
    { key: 'orders', kind: 'count' },
    { key: 'tickets', kind: 'count' },
    { key: 'sales', kind: 'yen' },
    { key: 'discount', kind: 'yen' },
    { key: 'refunds', kind: 'yen' },
    { key: 'net', kind: 'yen' },
  ];
  const statement = sql`
    SELECT ${key.expression} AS ${sql.raw(key.column.key)}, ${site.select}
           count(*)::int AS orders, sum(s.quantity)::int AS tickets, sum(s.price)::bigint AS sales,
           sum(s.membership_discount + COALESCE(d.coupons, 0))::bigint AS discount,
           sum(COALESCE(back.amount, 0))::bigint AS refunds,
           (sum(s.price) - sum(COALESCE(back.amount, 0)))::bigint AS net
    FROM (${soldOrders(scope)}) s
    JOIN products pr ON pr.id = s.product_id
    JOIN time_spans ts ON ts.id = s.time_span_id
    ${coupons}
    LEFT JOIN LATERAL (SELECT sum(discount) AS coupons FROM order_coupons WHERE order_id = s.id) d ON true
    LEFT JOIN LATERAL (
      SELECT sum(rp.amount) AS amount FROM refunds f JOIN refund_payments rp ON rp.refund_id = f.id
      WHERE f.reservation_id = s.reservation_id AND ${moneyGivenBack}) back ON true
    GROUP BY 1 ${groupSite}
    ORDER BY ${key.order} ${groupSite}`;
  const chart =
    group === 'day'
      ? { kind: 'line' as const, x: 'day' as const, series: ['sales' as const, 'net' as const] }
      : { kind: 'bar' as const, x: key.column.key, series: ['sales' as const] };
  return { columns, statement, chart: scope.organisationWide ? null : chart, totals: true };
}

function salesByTicketType(scope: ReportScope): ReportQuery {
  const site = siteColumn(scope, sql`s.site_code`);
  const groupSite = scope.organisationWide ? sql`, s.site_code` : sql``;
  const columns: ReportColumn[] = [
    { key: 'product', kind: 'text' },
    { key: 'ticket_type', kind: 'text' },
    ...site.column,
    { key: 'orders', kind: 'count' },
    { key: 'tickets', kind: 'count' },
    { key: 'sales', kind: 'yen' },
    { key: 'refunds', kind: 'yen' },
    { key: 'net', kind: 'yen' },
  ];
  const statement = sql`
    SELECT ${nameIn(sql`pr.names`, scope)} AS product, ${nameIn(sql`ov.names`, scope)} AS ticket_type, ${site.select}
           count(DISTINCT s.id)::int AS orders, sum(l.quantity)::int AS tickets,
           sum(l.quantity * l.unit_price)::bigint AS sales, sum(COALESCE(back.amount, 0))::bigint AS refunds,
           (sum(l.quantity * l.unit_price) - sum(COALESCE(back.amount, 0)))::bigint AS net
    FROM (${soldOrders(scope)}) s
    JOIN order_lines l ON l.order_id = s.id
    JOIN option_values ov ON ov.id = l.option_value_id
    JOIN products pr ON pr.id = ov.product_id
    LEFT JOIN LATERAL (
      SELECT sum(rt.amount) AS amount FROM refunds f
      JOIN refund_tickets rt ON rt.refund_id = f.id
      JOIN tickets t ON t.id = rt.ticket_id AND t.option_value_id = l.option_value_id
      WHERE f.reservation_id = s.reservation_id
        AND (f.status = 'succeeded' OR (f.status = 'manual' AND f.manual_recorded_at IS NOT NULL))) back ON true
    GROUP BY pr.id, ov.id ${groupSite}
    ORDER BY min(pr.position), pr.id, min(ov.position), ov.id ${groupSite}`;
  return {
    columns,
    statement,
    chart: scope.organisationWide ? null : { kind: 'bar', x: 'ticket_type', series: ['sales'] },
    totals: true,
  };
}
