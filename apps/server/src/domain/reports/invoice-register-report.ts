import { sql } from 'drizzle-orm';
import { STANDARD_TAX_RATE_PERCENT } from '@kippu/contract';
import type { ReportColumn } from '@kippu/contract/console/reports-schemas';
import {
  dayBounds,
  inSites,
  siteColumn,
  tokyoDateTime,
  type ReportQuery,
  type ReportScope,
} from './report-scope.ts';

/**
 * The qualified-invoice register (ADR 084): every receipt first issued in the range (Tokyo day), its number
 * (`R` + 8 digits, receipt_issues), the reservation, the addressee, and per tax rate the tax-included amount and
 * the tax in it. Every ticket and add-on is sold at the standard rate (ADR 023), so one line per receipt; the
 * tax is `includedTax` (floor(amount × rate ÷ (100 + rate))), as on the receipt itself. The amount is the one
 * `receipt-document.ts` prints: payableAmount(Σ lines and add-ons, coupon and membership discounts) of the
 * reservation's order.
 */
export function invoiceRegisterReport(_tx: unknown, scope: ReportScope): ReportQuery {
  const { start, end } = dayBounds(scope);
  const site = siteColumn(scope, sql`r.site_code`);
  const rate = STANDARD_TAX_RATE_PERCENT;
  const columns: ReportColumn[] = [
    { key: 'issued_at', kind: 'datetime' },
    ...site.column,
    { key: 'receipt_number', kind: 'text' },
    { key: 'reservation_number', kind: 'text' },
    { key: 'addressee', kind: 'text' },
    { key: 'tax_rate', kind: 'percent' },
    { key: 'taxable', kind: 'yen' },
    { key: 'tax', kind: 'yen' },
    { key: 'reissues', kind: 'count' },
  ];
  const statement = sql`
    SELECT ${tokyoDateTime(sql`ri.issued_at`)} AS issued_at, ${site.select} ri.receipt_number,
           r.reservation_number, ri.addressee, ${rate}::int AS tax_rate,
           a.total::bigint AS taxable, floor(a.total * ${rate}::numeric / (100 + ${rate}))::bigint AS tax,
           ri.reissue_count AS reissues
    FROM receipt_issues ri
    JOIN reservations r ON r.id = ri.reservation_id
    JOIN orders o ON o.id = r.order_id
    CROSS JOIN LATERAL (
      SELECT GREATEST(0,
        COALESCE((SELECT sum(l.unit_price * l.quantity) FROM order_lines l WHERE l.order_id = o.id), 0)
        + COALESCE((SELECT sum(os.unit_price * os.quantity) FROM order_set_products os WHERE os.order_id = o.id), 0)
        - o.membership_discount
        - COALESCE((SELECT sum(discount) FROM order_coupons WHERE order_id = o.id), 0)) AS total) a
    WHERE ${inSites(sql`r.site_code`, scope)} AND ri.issued_at >= ${start} AND ri.issued_at < ${end}
    ORDER BY ri.id`;
  return { columns, statement, chart: null, totals: true };
}
