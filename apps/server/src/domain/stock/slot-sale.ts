/**
 * SQL condition: the slot has not passed its sale cut-off (ADR 009). A timed slot sells until it
 * starts, since entry happens at its time; a day ticket or a period pass sells until its span ends, so
 * a visitor can buy a day ticket at noon or a monthly pass mid-month. One expression shared by the
 * catalogue and the hold, so the calendar never offers what the hold would refuse.
 * `span` and `product` are the SQL aliases of time_spans and products in the calling query.
 */
export function slotBeforeSaleCutoffSql(span: string, product: string): string {
  return `(CASE WHEN ${product}.product_type = 'time' THEN ${span}.starts_at ELSE ${span}.ends_at END) > now()`;
}
