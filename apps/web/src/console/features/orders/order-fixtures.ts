import type {
  ConsoleOrder,
  OrderDateOptionsResponse,
  OrderSummary,
} from '@kippu/contract/console/orders-schemas';
import type { RefundPreviewResponse } from '@kippu/contract/console/refunds-schemas';

/** Orders as the API answers them, for the screens' tests. */
const names = (en: string) => ({ ja: en, en, 'zh-hans': en, kr: en, 'zh-hant': en, th: en });

export function orderSummaryFixture(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: 501,
    reservation_number: 'R-2026-0001',
    status: 'reserved',
    channel: 'web',
    partner_id: null,
    partner_name: null,
    visitor: { fullname: 'Hanako Yamada', email: 'hanako@example.com', phone: '090-1234-5678' },
    product_names: names('Forest walk'),
    starts_at: '2026-12-05T01:00:00Z',
    ends_at: '2026-12-05T02:00:00Z',
    quantity: 2,
    price: 3600,
    payment_method: 'gmo',
    created_at: '2026-11-20T03:00:00Z',
    matched_by: [],
    ...overrides,
  };
}

export function orderFixture(overrides: Partial<ConsoleOrder> = {}): ConsoleOrder {
  return {
    id: 501,
    site_code: 'MORI',
    status: 'reserved',
    channel: 'web',
    partner_id: null,
    partner_name: null,
    lang: 'ja',
    created_at: '2026-11-20T02:55:00Z',
    updated_at: '2026-11-20T03:00:00.123456+00:00',
    reservation: {
      id: 77,
      reservation_number: 'R-2026-0001',
      status: 'reserved',
      created_at: '2026-11-20T03:00:00Z',
    },
    changed_from_order_id: null,
    changed_to_order_id: null,
    product_names: names('Forest walk'),
    time_span_id: 900,
    starts_at: '2026-12-05T01:00:00Z',
    ends_at: '2026-12-05T02:00:00Z',
    quantity: 2,
    price: 3600,
    membership_discount: 0,
    visitor: { fullname: 'Hanako Yamada', email: 'hanako@example.com', phone: '090-1234-5678' },
    personal_data_erased_at: null,
    customer_info: [
      { key: 'fullname', value: 'Hanako Yamada' },
      { key: 'address', value: 'Tokyo' },
    ],
    lines: [{ names: names('Adult'), quantity: 2, unit_price: 2000 }],
    tickets: [
      {
        id: 11,
        sequence: 1,
        ticket_type_names: names('Adult'),
        status: 'valid',
        checked_in_at: null,
        shared: false,
      },
      {
        id: 12,
        sequence: 2,
        ticket_type_names: names('Adult'),
        status: 'valid',
        checked_in_at: null,
        shared: false,
      },
    ],
    payments: [
      {
        id: 31,
        method: 'gmo',
        amount: 3600,
        status: 'confirmed',
        payment_number: 'P-000031',
        masked_card_number: '************4242',
        created_at: '2026-11-20T02:58:00Z',
        confirmed_at: '2026-11-20T03:00:00Z',
      },
    ],
    refunds: [],
    coupons: [{ code: 'SPRING10', campaign: 'spring', names: names('Spring'), discount: 400 }],
    mails: [
      {
        id: 41,
        kind: 'purchase_confirmation',
        to_address: 'hanako@example.com',
        status: 'sent',
        created_at: '2026-11-20T03:00:01Z',
        sent_at: '2026-11-20T03:00:05Z',
        last_error: null,
      },
    ],
    timeline: [
      {
        at: '2026-11-20T03:00:05Z',
        source: 'mail',
        id: 41,
        what: 'purchase_confirmation',
        actor: null,
        detail: { status: 'sent' },
      },
      {
        at: '2026-11-20T03:00:00Z',
        source: 'status',
        id: 8,
        what: 'reserved',
        actor: null,
        detail: { order_id: 501, from_status: 'paying', reason: 'payment_confirmed' },
      },
    ],
    ...overrides,
  };
}

export function dateOptionsFixture(
  overrides: Partial<OrderDateOptionsResponse> = {},
): OrderDateOptionsResponse {
  return {
    current: {
      product_name: 'Forest walk',
      time_span_id: 900,
      starts_at: '2026-12-05T01:00:00Z',
      ends_at: '2026-12-05T02:00:00Z',
      quantity: 2,
      price: 3600,
    },
    changeable: true,
    change_until: '2026-12-04T15:00:00Z',
    pending_change: false,
    date: '2026-12-05',
    slots: [
      {
        product_name: 'Forest walk',
        time_span_id: 901,
        starts_at: '2026-12-05T03:00:00Z',
        ends_at: '2026-12-05T04:00:00Z',
        remaining: 10,
        price: 3600,
        price_difference: 0,
      },
      {
        product_name: 'Forest walk (evening)',
        time_span_id: 902,
        starts_at: '2026-12-05T08:00:00Z',
        ends_at: '2026-12-05T09:00:00Z',
        remaining: 4,
        price: 4600,
        price_difference: 1000,
      },
    ],
    collect_methods: ['cash', 'card_terminal'],
    ...overrides,
  };
}

/** The refund preview of orderFixture(): two valid tickets of 2,000 yen with 200 yen of coupon each. */
export function refundPreviewFixture(overrides: Partial<RefundPreviewResponse> = {}): RefundPreviewResponse {
  return {
    order_id: 501,
    order_status: 'reserved',
    paid: 3600,
    refunded: 0,
    remaining: 3600,
    approval_limit_yen: null,
    tickets: [
      {
        id: 11,
        sequence: 1,
        price: 2000,
        discount_share: 200,
        amount: 1800,
        refundable: true,
        status: 'valid',
        refunded: false,
      },
      {
        id: 12,
        sequence: 2,
        price: 2000,
        discount_share: 200,
        amount: 1800,
        refundable: true,
        status: 'valid',
        refunded: false,
      },
    ],
    refunds: [],
    ...overrides,
  };
}
