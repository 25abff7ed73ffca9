/**
 * SQL condition: the slot has not passed its sale cut-off on the web (ADR 009). A timed slot sells until it
 * starts, since entry happens at its time; a day ticket or a period pass sells until its span ends, so
 * a visitor can buy a day ticket at noon or a monthly pass mid-month. One expression shared by the
 * catalogue and the hold, so the calendar never offers what the hold would refuse.
 * `span` and `product` are the SQL aliases of time_spans and products in the calling query.
 */
export function slotBeforeSaleCutoffSql(span: string, product: string): string {
  return slotBeforeChannelCutoffSql(span, product, `'web'`);
}

/**
 * The same condition for the channel `channel` (a SQL expression, e.g. a quoted literal or a column): each
 * channel's rule for timed slots is a row of `channel_sale_cutoffs` (ADR 080): the web, spot and OTA stop
 * at the slot's start, the box office (`pos`) and the kiosk sell the running slot until it ends. A channel
 * without a row sells nothing.
 */
export function slotBeforeChannelCutoffSql(span: string, product: string, channel: string): string {
  return `EXISTS (SELECT 1 FROM channel_sale_cutoffs sale_cutoff WHERE sale_cutoff.channel = ${channel}
            AND (CASE WHEN ${product}.product_type = 'time' AND sale_cutoff.timed_slot_cutoff = 'slot_start'
                      THEN ${span}.starts_at ELSE ${span}.ends_at END) > now())`;
}

/**
 * The channels whose cut-off the slot has not passed, as a text[] (the hold's read: one batch serves
 * requests of several channels, each refused or not by its own rule).
 */
export function channelsBeforeCutoffSql(span: string, product: string): string {
  return `ARRAY(SELECT sale_cutoff.channel FROM channel_sale_cutoffs sale_cutoff
                WHERE (CASE WHEN ${product}.product_type = 'time' AND sale_cutoff.timed_slot_cutoff = 'slot_start'
                            THEN ${span}.starts_at ELSE ${span}.ends_at END) > now())`;
}
