import { itemSku, orderTotal } from '@kippu/contract/format/analytics';
import type { GtmResponse } from '@kippu/contract/endpoints/gtm';
import type { TicketResponse } from '@kippu/contract/endpoints/ticket';
import type { Currency } from '@kippu/contract/format/price';
import type { GtmConversionData } from '../stores/core-store.ts';
import { pushToDataLayer } from './data-layer.ts';

/**
 * The three analytics events of spec §7 and how their fields are named. Every event carries `items` in
 * the same shape, so one tag manager variable reads the ticket types of any of them:
 *  - `conversion`: the order page was saved (tickets chosen and held).
 *  - `complete`: a purchase is done (reservation number, total price, total quantity, ticket types, discount).
 *  - `ticket_view`: a ticket page was opened.
 * No personal data (names, e-mail addresses) goes into the data layer.
 */
export type AnalyticsItem = {
  sku: string;
  name: string;
  /** Unit price; the ticket page does not know it, so `ticket_view` items have none. */
  price?: number;
  quantity: number;
};

/** The chosen ticket types of conversion data as items: sku = "<timespan id>-<option name>" (spec §9). */
function conversionItems(data: GtmConversionData): AnalyticsItem[] {
  return data.options
    .filter((option) => option.count > 0)
    .map((option) => ({
      sku: itemSku(option.productTimespanID ?? data.timeSpanId ?? '', option.name),
      name: option.name,
      price: option.price,
      quantity: option.count,
    }));
}

/**
 * Pushes `conversion` when the order page is saved (spec §4: saving records the conversion data). Order
 * total = Σ price × count; types with no tickets are left out.
 */
export function pushConversion(data: GtmConversionData, currency: Currency = 'JPY'): void {
  const chosen = data.options.filter((option) => option.count > 0);
  pushToDataLayer({
    event: 'conversion',
    currency,
    time_span_id: data.timeSpanId,
    total_price: orderTotal(chosen),
    total_quantity: chosen.reduce((sum, option) => sum + option.count, 0),
    items: conversionItems(data),
  });
}

/**
 * Whether stored conversion data is this reservation's: the server names every item "<timespan id>-<name>"
 * with the reservation's time span, so a hold of another slot (data left from an earlier hold) does not match.
 */
function describes(data: GtmConversionData, gtm: GtmResponse): boolean {
  const items = conversionItems(data);
  const span = data.timeSpanId ?? data.options[0]?.productTimespanID;
  return (
    items.length > 0 &&
    span !== undefined &&
    gtm.items.length > 0 &&
    gtm.items.every((item) => item.sku.startsWith(`${span}-`))
  );
}

/**
 * Pushes `complete` with the server's analytics data of the finished order (GET /gtm/{reservationToken}):
 * reservation number, totals, discount. The ticket types (names, counts, prices) and the time span come from
 * the conversion data stored when the tickets were held (spec §3, §5), which outlives a gateway's redirect and
 * the reload after it, so `complete` lists the types as `conversion` did; the server's items add what the hold
 * did not list (add-ons). Without conversion data of this reservation: the server's items alone.
 */
export function pushComplete(gtm: GtmResponse, conversion: GtmConversionData | null = null): void {
  const stored = conversion && describes(conversion, gtm) ? conversion : null;
  const types = stored ? conversionItems(stored) : [];
  const listed = new Set(types.map((item) => item.sku));
  pushToDataLayer({
    event: 'complete',
    reservation_number: gtm.reservation_number,
    currency: gtm.currency,
    ...(stored ? { time_span_id: stored.timeSpanId ?? stored.options[0]?.productTimespanID } : {}),
    total_price: gtm.total_price,
    total_quantity: gtm.total_quantity,
    discount: gtm.discount,
    items: [
      ...types,
      ...gtm.items
        .filter((item) => !listed.has(item.sku))
        .map(({ sku, name, price, quantity }): AnalyticsItem => ({ sku, name, price, quantity })),
    ],
  });
}

/** Pushes `ticket_view` when a ticket page shows a reservation: what was bought, never who bought it. */
export function pushTicketView(ticket: TicketResponse): void {
  const counts = new Map<string, number>();
  for (const entry of ticket.tickets) counts.set(entry.option_name, (counts.get(entry.option_name) ?? 0) + 1);
  pushToDataLayer({
    event: 'ticket_view',
    reservation_number: ticket.reservation_number,
    reservation_status: ticket.status,
    product_type: ticket.product.type,
    time_span_id: ticket.time_span_id,
    total_quantity: ticket.tickets.length,
    items: [...counts].map(([name, quantity]): AnalyticsItem => ({
      sku: itemSku(ticket.time_span_id, name),
      name,
      quantity,
    })),
  });
}
