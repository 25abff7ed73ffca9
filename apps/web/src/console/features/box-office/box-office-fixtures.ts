import type { BoxOfficeProducts, BoxOfficeSale } from '@kippu/contract/console/box-office-schemas';

/** Answers of the box office endpoints for the screen's tests, typed by the contract. */
export const PRODUCT = '00000000-0000-4000-8000-000000000021';

const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** Today's offer: a slot running now, one later, one whose counter sale has ended. */
export function productsFixture(): BoxOfficeProducts {
  return {
    date: '2026-11-28',
    payment_methods: ['cash', 'card_terminal', 'free'],
    products: [
      {
        product_uuid: PRODUCT,
        name: 'Permanent exhibition',
        type: 'time',
        min_quantity: 1,
        max_quantity: 10,
        ticket_types: [
          { option_value_id: 31, name: 'Adult', price: 1800 },
          { option_value_id: 32, name: 'Child', price: 900 },
        ],
        slots: [
          {
            time_span_id: 500,
            starts_at: at(-120),
            ends_at: at(-60),
            capacity: 50,
            available: 9,
            on_sale: false,
          },
          {
            time_span_id: 501,
            starts_at: at(-30),
            ends_at: at(30),
            capacity: 50,
            available: 4,
            on_sale: true,
          },
          {
            time_span_id: 502,
            starts_at: at(30),
            ends_at: at(90),
            capacity: 50,
            available: 50,
            on_sale: true,
          },
        ],
      },
    ],
  };
}

export function saleFixture(overrides: Partial<BoxOfficeSale['receipt']> = {}): BoxOfficeSale {
  return {
    reservation_number: 'MORI-0042',
    reservation_token: 'token-0042',
    tickets: [
      { id: 1, sequence: 1, option_name: 'Adult', qr: 'K1.1.secret.sig' },
      { id: 2, sequence: 2, option_name: 'Adult', qr: 'K1.2.secret.sig' },
      { id: 3, sequence: 3, option_name: 'Child', qr: 'K1.3.secret.sig' },
    ],
    receipt: {
      receipt_number: 'R-2026-000042',
      site_name: 'Mori Museum',
      print_logo_url: null,
      issuer: { name: 'Mori Museum Co.', registration_number: 'T1234567890123' },
      issued_at: '2026-11-28T05:00:00Z',
      product_name: 'Permanent exhibition',
      starts_at: '2026-11-28T04:30:00Z',
      ends_at: '2026-11-28T05:30:00Z',
      lines: [
        { name: 'Adult', unit_price: 1800, quantity: 2, amount: 3600 },
        { name: 'Child', unit_price: 900, quantity: 1, amount: 900 },
      ],
      total: 4500,
      taxes: [{ rate_percent: 10, amount: 4500, tax: 409 }],
      payment_method: 'cash',
      received: 5000,
      change: 500,
      approval_number: null,
      ...overrides,
    },
    mail_queued: false,
  };
}
