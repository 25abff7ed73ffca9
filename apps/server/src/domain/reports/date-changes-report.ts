import { sql } from 'drizzle-orm';
import type { ReportColumn } from '@kippu/contract/console/reports-schemas';
import {
  dayBounds,
  inSites,
  nameIn,
  siteColumn,
  slotLabel,
  tokyoDateTime,
  type ReportQuery,
  type ReportScope,
} from './report-scope.ts';

/**
 * Date changes (ADR 084): the changes completed in the range (Tokyo day of completion), from and to which
 * slot, the old and new prices and the top-up the visitor paid (with its method and payment number; a top-up
 * waived or collected at the counter shows the counter's payment, or none).
 */
export function dateChangesReport(_tx: unknown, scope: ReportScope): ReportQuery {
  const { start, end } = dayBounds(scope);
  const site = siteColumn(scope, sql`c.site_code`);
  const product = scope.productId === null ? sql`` : sql`AND fs.product_id = ${scope.productId}`;
  const columns: ReportColumn[] = [
    { key: 'changed_at', kind: 'datetime' },
    ...site.column,
    { key: 'reservation_number', kind: 'text' },
    { key: 'product', kind: 'text' },
    { key: 'from_slot', kind: 'text' },
    { key: 'to_slot', kind: 'text' },
    { key: 'old_price', kind: 'yen' },
    { key: 'new_price', kind: 'yen' },
    { key: 'top_up', kind: 'yen' },
    { key: 'method', kind: 'text' },
    { key: 'payment_number', kind: 'text' },
  ];
  const statement = sql`
    SELECT ${tokyoDateTime(sql`c.completed_at`)} AS changed_at, ${site.select} r.reservation_number,
           ${nameIn(sql`p.names`, scope)} AS product,
           ${slotLabel(sql`fs.starts_at`)} AS from_slot, ${slotLabel(sql`ts.starts_at`)} AS to_slot,
           c.old_price, c.new_price, COALESCE(pay.amount, 0)::bigint AS top_up,
           COALESCE(NULLIF(pmt.names ->> ${scope.lang}::text, ''), pmt.names ->> 'ja', pay.method) AS method,
           pay.payment_number
    FROM time_changes c
    JOIN reservations r ON r.id = c.reservation_id
    JOIN time_spans fs ON fs.id = c.from_time_span_id
    JOIN time_spans ts ON ts.id = c.to_time_span_id
    JOIN products p ON p.id = ts.product_id
    LEFT JOIN LATERAL (
      SELECT method, amount, payment_number FROM payments
      WHERE order_id = c.order_id AND status IN ('confirmed', 'refunded') AND method <> 'free'
      ORDER BY id DESC LIMIT 1) pay ON true
    LEFT JOIN payment_method_types pmt ON pmt.method = pay.method
    WHERE ${inSites(sql`c.site_code`, scope)} AND c.status = 'done'
      AND c.completed_at >= ${start} AND c.completed_at < ${end} ${product}
    ORDER BY c.completed_at, c.id`;
  return { columns, statement, chart: null, totals: true };
}
