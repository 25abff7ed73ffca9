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

/**
 * Pushes `conversion` when the order page is saved (spec §4: saving records the conversion data). Order
 * total = Σ price × count; item sku = "<timespan id>-<option name>" (spec §9). Types with no tickets are
 * left out.
 */
export function pushConversion(data: GtmConversionData, currency: Currency = 'JPY'): void {
  const chosen = data.options.filter((option) => option.count > 0);
  const items: AnalyticsItem[] = chosen.map((option) => ({
    sku: itemSku(option.productTimespanID ?? data.timeSpanId ?? '', option.name),
    name: option.name,
    price: option.price,
    quantity: option.count,
  }));
  pushToDataLayer({
    event: 'conversion',
    currency,
    time_span_id: data.timeSpanId,
    total_price: orderTotal(chosen),
    total_quantity: chosen.reduce((sum, option) => sum + option.count, 0),
    items,
  });
}

/** Pushes `complete` with the server's analytics data of the finished order (GET /gtm/{reservationToken}). */
export function pushComplete(gtm: GtmResponse): void {
  pushToDataLayer({
    event: 'complete',
    reservation_number: gtm.reservation_number,
    currency: gtm.currency,
    total_price: gtm.total_price,
    total_quantity: gtm.total_quantity,
    discount: gtm.discount,
    items: gtm.items.map(({ sku, name, price, quantity }): AnalyticsItem => ({ sku, name, price, quantity })),
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
