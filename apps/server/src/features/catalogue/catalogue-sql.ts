/**
 * SQL pieces the catalogue's queries share, so the calendar, the slot lists and the orderable stock
 * agree on what is on sale and what counts as 'few'.
 * `product` is the SQL alias (or table name) of products in the calling query.
 */
export function productInSaleWindowSql(product: string): string {
  return `((${product}.sale_starts_at IS NULL OR ${product}.sale_starts_at <= now())
           AND (${product}.sale_ends_at IS NULL OR ${product}.sale_ends_at > now()))`;
}

/** The site's 'few tickets left' threshold (a typed column, ADR 014); `siteCode` is the query parameter. */
export function fewStockThresholdSql(siteCode: string): string {
  return `COALESCE((SELECT few_stock_threshold FROM sites WHERE code = ${siteCode}), 0)`;
}
