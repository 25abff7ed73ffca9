import { sql } from 'drizzle-orm';
import type { ReportColumn } from '@kippu/contract/console/reports-schemas';
import {
  dayBounds,
  inSites,
  nameIn,
  siteColumn,
  slotLabel,
  type ReportQuery,
  type ReportScope,
} from './report-scope.ts';

/**
 * Attendance (ADR 084): the slots starting in the range (Tokyo days of the visit), each with its capacity, the
 * visitors expected (valid or used tickets of reservations kept, shared tickets with their holder's order, as
 * the dashboard counts them), those who entered, the no-shows once the slot has ended (null before), and its fill
 * (expected ÷ capacity, %). The chart: fill per slot.
 */
export function attendanceReport(_tx: unknown, scope: ReportScope): ReportQuery {
  const { start, end } = dayBounds(scope);
  const site = siteColumn(scope, sql`p.site_code`);
  const product = scope.productId === null ? sql`` : sql`AND p.id = ${scope.productId}`;
  const columns: ReportColumn[] = [
    { key: 'slot', kind: 'text' },
    ...site.column,
    { key: 'product', kind: 'text' },
    { key: 'capacity', kind: 'count' },
    { key: 'expected', kind: 'count' },
    { key: 'entered', kind: 'count' },
    { key: 'no_shows', kind: 'count' },
    { key: 'fill', kind: 'percent' },
  ];
  const statement = sql`
    SELECT ${slotLabel(sql`s.starts_at`)} AS slot, ${site.select} ${nameIn(sql`p.names`, scope)} AS product,
           s.capacity, COALESCE(v.expected, 0) AS expected, COALESCE(v.entered, 0) AS entered,
           CASE WHEN s.ends_at <= now() THEN COALESCE(v.expected, 0) - COALESCE(v.entered, 0) END AS no_shows,
           CASE WHEN s.capacity > 0
                THEN round(COALESCE(v.expected, 0) * 100.0 / s.capacity, 1)::float8 END AS fill
    FROM products p
    JOIN time_spans s ON s.product_id = p.id AND s.starts_at >= ${start} AND s.starts_at < ${end}
    LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE t.status IN ('valid', 'used'))::int AS expected,
             count(*) FILTER (WHERE t.status = 'used')::int AS entered
      FROM orders o
      JOIN reservations r0 ON r0.order_id = o.id
      JOIN reservations r ON (r.id = r0.id OR r.parent_reservation_id = r0.id) AND r.status = 'reserved'
      JOIN tickets t ON t.reservation_id = r.id
      WHERE o.time_span_id = s.id AND o.status = 'reserved'
    ) v ON true
    WHERE ${inSites(sql`p.site_code`, scope)} ${product}
    ORDER BY s.starts_at, p.site_code, p.position, s.id`;
  return {
    columns,
    statement,
    chart: { kind: 'bar', x: 'slot', series: ['fill'] },
    totals: true,
  };
}
