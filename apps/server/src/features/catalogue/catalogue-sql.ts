import { TOKYO_TODAY } from '../../db/tokyo-today.ts';
import { slotBeforeChannelCutoffSql } from '../../domain/stock/slot-sale.ts';

/**
 * SQL pieces the catalogue's queries share, so the calendar, the slot lists and the orderable stock
 * agree on what is on sale and what counts as 'few'.
 * `product` is the SQL alias (or table name) of products in the calling query.
 */
export function productInSaleWindowSql(product: string): string {
  return `((${product}.sale_starts_at IS NULL OR ${product}.sale_starts_at <= now())
           AND (${product}.sale_ends_at IS NULL OR ${product}.sale_ends_at > now()))`;
}

/**
 * SQL condition: visitors see and buy the product (ADR 068). A draft (not yet published) or a retired
 * product is left out of every visitor read, as if it did not exist; its orders keep it.
 */
export function publishedProductSql(product: string): string {
  return `${product}.status = 'published'`;
}

/** The site's 'few tickets left' threshold (a typed column, ADR 014); `siteCode` is the query parameter. */
export function fewStockThresholdSql(siteCode: string): string {
  return `COALESCE((SELECT few_stock_threshold FROM sites WHERE code = ${siteCode}), 0)`;
}

/**
 * SQL: a subquery (for `LEFT JOIN LATERAL … ON true`) of the product's spans listed on the Tokyo dates
 * [from, to], with `date`, the date each is listed under, and `sellable`. A span is listed under its start
 * date, except a span that has started and still sells (a pass sells until it ends, ADR 009): that one is
 * listed under today, so the calendar never offers a past date and a running pass is bought today
 * (ADR 044). The second branch finds passes that started before the range; for other products, and for a
 * range without today, PostgreSQL drops it before scanning (a one-time filter), so a timed product's read
 * stays one indexed range of start times. Only `period` spans are meant to run across days (a day ticket's
 * span is one day), so only they are listed after their start date, by both branches alike.
 * `product` is the products alias of the calling query, with `id`, `product_type` and `in_sale_window`;
 * `from` and `to` are its date parameters, `channel` its channel's (a slot is sellable by that channel's
 * cut-off, ADR 080: a kiosk lists the running timed slot its hold would sell).
 */
export function listedSpansSql(product: string, from: string, to: string, channel: string): string {
  const columns = 't.id, t.starts_at, t.ends_at, t.capacity, t.held, t.sold, t.allotted';
  return `(
  SELECT * FROM (
    SELECT s.*,
           CASE WHEN ${product}.product_type = 'period' AND s.sellable AND s.start_date < ${TOKYO_TODAY}
                THEN ${TOKYO_TODAY} ELSE s.start_date END AS date
    FROM (
      SELECT ${columns}, (t.starts_at AT TIME ZONE 'Asia/Tokyo')::date AS start_date,
             (t.on_sale AND ${product}.in_sale_window AND ${slotBeforeChannelCutoffSql('t', product, channel)}) AS sellable
      FROM time_spans t
      WHERE t.product_id = ${product}.id
        AND t.starts_at >= (${from}::date::timestamp AT TIME ZONE 'Asia/Tokyo')
        AND t.starts_at < ((${to}::date + 1)::timestamp AT TIME ZONE 'Asia/Tokyo')
      UNION ALL
      SELECT ${columns}, (t.starts_at AT TIME ZONE 'Asia/Tokyo')::date, true
      FROM time_spans t
      WHERE ${product}.product_type = 'period' AND ${product}.in_sale_window
        AND ${TOKYO_TODAY} BETWEEN ${from}::date AND ${to}::date
        AND t.product_id = ${product}.id
        AND t.starts_at < (${from}::date::timestamp AT TIME ZONE 'Asia/Tokyo')
        AND t.on_sale AND ${slotBeforeChannelCutoffSql('t', product, channel)}
    ) s
  ) listed
  WHERE listed.date BETWEEN ${from}::date AND ${to}::date
)`;
}
