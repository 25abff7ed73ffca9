import { sql } from 'drizzle-orm';
import type { ReportColumn } from '@kippu/contract/console/reports-schemas';
import {
  dayBounds,
  gatewayOf,
  inSites,
  moneyGivenBack,
  siteColumn,
  tokyoDateTime,
  tokyoDay,
  type ReportQuery,
  type ReportScope,
} from './report-scope.ts';

/**
 * The settlement (ADR 084): money in by the Tokyo day of payment (`payments.confirmed_at`), money back by the
 * Tokyo day it went back (`refund_payments.completed_at`), per method and gateway, with the payment numbers a
 * gateway's settlement file lists. Free orders move no money and are left out. Three views of the same rows.
 */
export function settlementReport(_tx: unknown, scope: ReportScope): ReportQuery {
  if (scope.view === 'payments') return settlementPayments(scope);
  if (scope.view === 'partners') return partnerAccounts(scope);
  return settlementSummary(scope);
}

/** The method's name in the report's language (payment_method_types), its id where it has none. */
const methodName = (scope: ReportScope) =>
  sql`COALESCE(NULLIF(pmt.names ->> ${scope.lang}::text, ''), pmt.names ->> 'ja', m.method)`;

/** One row per payment and one per refunded part, with their Tokyo day: both views read it. */
function movements(scope: ReportScope) {
  const { start, end } = dayBounds(scope);
  const method = scope.method === null ? sql`` : sql`AND p.method = ${scope.method}`;
  return sql`
    SELECT 'payment' AS kind, p.confirmed_at AS at, p.site_code, p.method, p.amount AS sales, 0::bigint AS refunds,
           p.payment_number, p.order_id,
           -- A card terminal's approval number is what its own journal lists (ADR 080 keeps it on the sale).
           COALESCE(p.provider_reference,
                    (SELECT b.approval_number FROM box_office_sales b WHERE b.order_id = p.order_id LIMIT 1))
             AS gateway_reference
    FROM payments p
    WHERE ${inSites(sql`p.site_code`, scope)} AND p.status IN ('confirmed', 'refunded') AND p.method <> 'free'
      AND p.confirmed_at >= ${start} AND p.confirmed_at < ${end} ${method}
    UNION ALL
    SELECT 'refund', rp.completed_at, p.site_code, p.method, 0::bigint, rp.amount,
           p.payment_number, p.order_id, COALESCE(rp.provider_reference, rp.refund_key)
    FROM refund_payments rp
    JOIN refunds f ON f.id = rp.refund_id
    JOIN payments p ON p.id = rp.payment_id
    WHERE ${inSites(sql`p.site_code`, scope)} AND ${moneyGivenBack} AND p.method <> 'free'
      AND rp.completed_at >= ${start} AND rp.completed_at < ${end} ${method}`;
}

function settlementSummary(scope: ReportScope): ReportQuery {
  const site = siteColumn(scope, sql`m.site_code`);
  const groupSite = scope.organisationWide ? sql`, m.site_code` : sql``;
  const columns: ReportColumn[] = [
    { key: 'day', kind: 'date' },
    ...site.column,
    { key: 'method', kind: 'text' },
    { key: 'gateway', kind: 'text' },
    { key: 'sales', kind: 'yen' },
    { key: 'sales_count', kind: 'count' },
    { key: 'refunds', kind: 'yen' },
    { key: 'refunds_count', kind: 'count' },
    { key: 'net', kind: 'yen' },
    { key: 'payment_numbers', kind: 'text' },
  ];
  const statement = sql`
    SELECT ${tokyoDay(sql`m.at`)} AS day, ${site.select}
           ${methodName(scope)} AS method, ${gatewayOf(sql`m.method`)} AS gateway,
           sum(m.sales)::bigint AS sales, count(*) FILTER (WHERE m.kind = 'payment')::int AS sales_count,
           sum(m.refunds)::bigint AS refunds, count(*) FILTER (WHERE m.kind = 'refund')::int AS refunds_count,
           (sum(m.sales) - sum(m.refunds))::bigint AS net,
           string_agg(DISTINCT m.payment_number, ' ' ORDER BY m.payment_number) AS payment_numbers
    FROM (${movements(scope)}) m
    LEFT JOIN payment_method_types pmt ON pmt.method = m.method
    GROUP BY 1 ${groupSite}, m.method, pmt.names
    ORDER BY 1 ${groupSite}, m.method`;
  // One day of one site is one row per method: its money in, back and net as bars. Over several days or sites
  // a method would stand in several bars under one name, so the table is the clearer answer there.
  const oneDayOneSite = scope.from === scope.to && !scope.organisationWide;
  const chart: ReportQuery['chart'] = oneDayOneSite
    ? { kind: 'bar', x: 'method', series: ['sales', 'refunds', 'net'] }
    : null;
  return { columns, statement, chart, totals: true };
}

function settlementPayments(scope: ReportScope): ReportQuery {
  const site = siteColumn(scope, sql`m.site_code`);
  const columns: ReportColumn[] = [
    { key: 'at', kind: 'datetime' },
    ...site.column,
    { key: 'kind', kind: 'text' },
    { key: 'method', kind: 'text' },
    { key: 'gateway', kind: 'text' },
    { key: 'payment_number', kind: 'text' },
    { key: 'gateway_reference', kind: 'text' },
    { key: 'reservation_number', kind: 'text' },
    { key: 'order_id', kind: 'count' },
    { key: 'amount', kind: 'yen' },
  ];
  // A refund's amount is negative here, so the column adds up to the net the summary shows.
  const statement = sql`
    SELECT ${tokyoDateTime(sql`m.at`)} AS at, ${site.select} m.kind,
           ${methodName(scope)} AS method,
           ${gatewayOf(sql`m.method`)} AS gateway, m.payment_number, m.gateway_reference,
           COALESCE(r.reservation_number, rc.reservation_number) AS reservation_number, m.order_id,
           (m.sales - m.refunds)::bigint AS amount
    FROM (${movements(scope)}) m
    LEFT JOIN payment_method_types pmt ON pmt.method = m.method
    -- The order's reservation: its own, or (a change of date's top-up) the one the change belongs to; an order
    -- left by a completed change points to none of its own, so its change's reservation is read.
    LEFT JOIN reservations r ON r.order_id = m.order_id
    LEFT JOIN time_changes c ON r.id IS NULL
      AND c.id = (SELECT max(x.id) FROM time_changes x
                  WHERE (x.order_id = m.order_id OR x.from_order_id = m.order_id) AND x.status = 'done')
    LEFT JOIN reservations rc ON rc.id = c.reservation_id
    ORDER BY m.at, m.payment_number, m.kind`;
  return { columns, statement, chart: null, totals: false };
}

/**
 * What each partner owes for its `on_account` bookings (issue 30): the payment's amount is the partner's net
 * price × quantity (never ¥0), less what went back on cancellation, by the Tokyo day of the booking (partners and
 * `orders.partner_id`: migration 0980).
 */
function partnerAccounts(scope: ReportScope): ReportQuery {
  const columns: ReportColumn[] = [
    { key: 'partner', kind: 'text' },
    ...siteColumn(scope, sql``).column,
    { key: 'bookings', kind: 'count' },
    { key: 'tickets', kind: 'count' },
    { key: 'sales', kind: 'yen' },
    { key: 'refunds', kind: 'yen' },
    { key: 'owed', kind: 'yen' },
  ];
  const { start, end } = dayBounds(scope);
  const site = siteColumn(scope, sql`p.site_code`);
  const groupSite = scope.organisationWide ? sql`, p.site_code` : sql``;
  const statement = sql`
    SELECT pa.name AS partner, ${site.select}
           count(DISTINCT o.id)::int AS bookings, sum(o.quantity)::int AS tickets,
           sum(p.amount)::bigint AS sales, COALESCE(sum(back.amount), 0)::bigint AS refunds,
           (sum(p.amount) - COALESCE(sum(back.amount), 0))::bigint AS owed
    FROM payments p
    JOIN orders o ON o.id = p.order_id
    JOIN partners pa ON pa.id = o.partner_id
    LEFT JOIN LATERAL (
      SELECT sum(rp.amount) AS amount FROM refund_payments rp JOIN refunds f ON f.id = rp.refund_id
      WHERE rp.payment_id = p.id AND ${moneyGivenBack}) back ON true
    WHERE ${inSites(sql`p.site_code`, scope)} AND p.method = 'on_account' AND p.status IN ('confirmed', 'refunded')
      AND p.confirmed_at >= ${start} AND p.confirmed_at < ${end}
    GROUP BY pa.id, pa.name ${groupSite}
    ORDER BY pa.name ${groupSite}`;
  return { columns, statement, chart: null, totals: true };
}
