import { afterEach, describe, expect, it } from 'vitest';
import { gtmResponseSchema } from '@kippu/contract/endpoints/gtm';
import { ticketResponseSchema } from '@kippu/contract/endpoints/ticket';
import { pushComplete, pushConversion, pushTicketView } from './analytics-events.ts';

afterEach(() => {
  delete window.dataLayer;
});

describe('pushConversion', () => {
  it('pushes the chosen ticket types with spec §9 skus and the order total', () => {
    pushConversion({
      timeSpanId: 812,
      options: [
        { name: 'Adult', price: 3800, count: 2, productTimespanID: 812 },
        { name: 'Child', price: 1500, count: 1, productTimespanID: 812 },
        { name: 'Infant', price: 0, count: 0, productTimespanID: 812 },
      ],
    });
    expect(window.dataLayer).toEqual([
      {
        event: 'conversion',
        currency: 'JPY',
        time_span_id: 812,
        total_price: 9100,
        total_quantity: 3,
        items: [
          { sku: '812-Adult', name: 'Adult', price: 3800, quantity: 2 },
          { sku: '812-Child', name: 'Child', price: 1500, quantity: 1 },
        ],
      },
    ]);
  });

  it('keeps entries queued before it', () => {
    window.dataLayer = [{ event: 'earlier' }];
    pushConversion({
      timeSpanId: 1,
      options: [{ name: 'Adult', price: 100, count: 1, productTimespanID: 1 }],
    });
    expect(window.dataLayer).toHaveLength(2);
    expect(window.dataLayer[0]).toEqual({ event: 'earlier' });
  });
});

describe('pushComplete', () => {
  it('pushes reservation number, totals, discount and the ticket type list from GET /gtm', () => {
    const gtm = gtmResponseSchema.parse({
      reservation_number: 'K7QX-2M9P',
      currency: 'JPY',
      total_price: 9100,
      total_quantity: 3,
      discount: 500,
      items: [
        { sku: '812-Adult', name: 'Adult', price: 3800, quantity: 2 },
        { sku: '812-Child', name: 'Child', price: 1500, quantity: 1 },
      ],
    });
    pushComplete(gtm);
    expect(window.dataLayer).toEqual([
      {
        event: 'complete',
        reservation_number: 'K7QX-2M9P',
        currency: 'JPY',
        total_price: 9100,
        total_quantity: 3,
        discount: 500,
        items: gtm.items,
      },
    ]);
  });
});

describe('pushComplete with the stored conversion data (spec §3, §5)', () => {
  // The server names the types in the reservation's language and lists the add-on too.
  const gtm = gtmResponseSchema.parse({
    reservation_number: 'K7QX-2M9P',
    currency: 'JPY',
    total_price: 9600,
    total_quantity: 4,
    discount: 0,
    items: [
      { sku: '812-Adult', name: 'Adult', price: 3800, quantity: 2 },
      { sku: '812-Child', name: 'Child', price: 1500, quantity: 1 },
      { sku: '812-Audio guide', name: 'Audio guide', price: 500, quantity: 1 },
    ],
  });
  const held = (timeSpanId: number) => ({
    timeSpanId,
    options: [
      { name: 'Adult', price: 3800, count: 2, productTimespanID: timeSpanId },
      { name: 'Child', price: 1500, count: 1, productTimespanID: timeSpanId },
      { name: 'Infant', price: 0, count: 0, productTimespanID: timeSpanId },
    ],
  });

  it('lists the ticket types and time span of the hold, then the add-ons only the server knows', () => {
    // The hold lists Child first, as the order page did; the server lists its add-on after the types.
    const hold = held(812);
    pushComplete(gtm, { ...hold, options: [...hold.options].reverse() });
    expect(window.dataLayer).toEqual([
      {
        event: 'complete',
        reservation_number: 'K7QX-2M9P',
        currency: 'JPY',
        time_span_id: 812,
        total_price: 9600,
        total_quantity: 4,
        discount: 0,
        items: [
          { sku: '812-Child', name: 'Child', price: 1500, quantity: 1 },
          { sku: '812-Adult', name: 'Adult', price: 3800, quantity: 2 },
          { sku: '812-Audio guide', name: 'Audio guide', price: 500, quantity: 1 },
        ],
      },
    ]);
  });

  it("ignores conversion data of another slot's hold: the server's items alone", () => {
    pushComplete(gtm, held(999));
    expect(window.dataLayer).toEqual([
      {
        event: 'complete',
        reservation_number: 'K7QX-2M9P',
        currency: 'JPY',
        total_price: 9600,
        total_quantity: 4,
        discount: 0,
        items: gtm.items,
      },
    ]);
  });
});

describe('pushTicketView', () => {
  it('counts the tickets per type and carries no QR payload', () => {
    const ticket = ticketResponseSchema.parse({
      reservation_number: 'K7QX-2M9P',
      status: 'reserved',
      lang: 'en',
      product: { name: 'Timed entry', type: 'time', caution: '' },
      time_span_id: 812,
      starts_at: '2026-12-01T01:00:00.000Z',
      ends_at: '2026-12-01T01:30:00.000Z',
      total_price: 9100,
      discount: 0,
      set_products: [],
      apple_wallet: false,
      tickets: [
        { id: 1, sequence: 1, option_name: 'Adult', status: 'valid', qr: 'secret-1' },
        { id: 2, sequence: 2, option_name: 'Adult', status: 'valid', qr: 'secret-2' },
        { id: 3, sequence: 3, option_name: 'Child', status: 'used', qr: 'secret-3' },
      ],
    });
    pushTicketView(ticket);
    expect(window.dataLayer).toEqual([
      {
        event: 'ticket_view',
        reservation_number: 'K7QX-2M9P',
        reservation_status: 'reserved',
        product_type: 'time',
        time_span_id: 812,
        total_quantity: 3,
        items: [
          { sku: '812-Adult', name: 'Adult', quantity: 2 },
          { sku: '812-Child', name: 'Child', quantity: 1 },
        ],
      },
    ]);
    expect(JSON.stringify(window.dataLayer)).not.toContain('secret');
  });
});
