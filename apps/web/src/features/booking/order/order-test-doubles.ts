import { vi } from 'vitest';
import { calendarColorsResponseSchema } from '@kippu/contract/endpoints/catalogue-calendar-colors';
import { dateSearchResponseSchema } from '@kippu/contract/endpoints/catalogue-search-by-date';
import { setProductSearchResponseSchema } from '@kippu/contract/endpoints/catalogue-set-products';
import { stockStatusesResponseSchema } from '@kippu/contract/endpoints/catalogue-stock-statuses';
import { stocksResponseSchema } from '@kippu/contract/endpoints/catalogue-stocks';
import { createOrderResponseSchema } from '@kippu/contract/endpoints/orders';
import { productsResponseSchema } from '@kippu/contract/endpoints/products';
import { monthRange } from '@kippu/contract/format/calendar';
import { addDays } from '@kippu/contract/format/calendar';

/**
 * Server answers for the order screen's tests, each parsed by the contract's own response schema.
 * "Today" is Sunday 10 May 2026 in Tokyo (tests fix the clock there).
 */
export const NOW = new Date('2026-05-10T03:00:00Z');
export const TIMED = '0b6f1e52-8f5e-4a57-9b7e-2b8f3f0f6a01';
export const DAY = '0b6f1e52-8f5e-4a57-9b7e-2b8f3f0f6a02';
export const AUDIO_GUIDE = '0b6f1e52-8f5e-4a57-9b7e-2b8f3f0f6a03';

export const PRODUCTS = productsResponseSchema.parse([
  {
    uuid: TIMED,
    product_type: 'time',
    name: 'Timed entry',
    description: 'Enter in your slot.',
    caution: '',
    image_url: null,
    sale_channels: ['web'],
    min_quantity: 1,
    max_quantity: 4,
    option_values: [
      { id: 12, name: 'Child', price: 1000, display_position: 2 },
      { id: 11, name: 'Adult', price: 3000, display_position: 1 },
    ],
    display_position: 1,
  },
  {
    uuid: DAY,
    product_type: 'date',
    name: 'Day pass',
    description: 'All day.',
    caution: '',
    image_url: null,
    sale_channels: ['web'],
    min_quantity: 2,
    max_quantity: 6,
    option_values: [{ id: 21, name: 'Adult', price: 2000, display_position: 1 }],
    display_position: 2,
  },
]);

const slot = (id: number, hour: number, remaining: number, status: string) => ({
  id,
  start: `2026-05-12T${hour}:00:00+09:00`,
  end: `2026-05-12T${hour + 1}:00:00+09:00`,
  capacity: 50,
  remaining,
  status,
});

export const TIMED_SLOTS = stocksResponseSchema.parse([
  slot(101, 10, 50, 'available'),
  slot(102, 11, 3, 'few'),
  slot(103, 12, 0, 'sold_out'),
]);
const DAY_SLOTS = stocksResponseSchema.parse([
  {
    id: 201,
    start: '2026-05-12T09:00:00+09:00',
    end: '2026-05-12T18:00:00+09:00',
    capacity: 80,
    remaining: 80,
    status: 'available',
  },
]);

/** May 2026: the 12th open, the 13th few left, the 14th sold out, every other day closed. */
export function statusesFor(from: string, to: string) {
  const days = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const status =
      date === '2026-05-12'
        ? 'available'
        : date === '2026-05-13'
          ? 'few'
          : date === '2026-05-14'
            ? 'sold_out'
            : 'not_on_sale';
    days.push({ date, status, count: status === 'few' ? 2 : null });
  }
  return stockStatusesResponseSchema.parse(days);
}

export const MAY = monthRange({ year: 2026, month: 5 });

const ON_DATE = dateSearchResponseSchema.parse([
  {
    uuid: TIMED,
    name: 'Timed entry',
    product_type: 'time',
    display_position: 1,
    status: 'few',
    count: 3,
    slots: TIMED_SLOTS,
  },
  {
    uuid: DAY,
    name: 'Day pass',
    product_type: 'date',
    display_position: 2,
    status: 'available',
    count: null,
    slots: DAY_SLOTS,
  },
]);

const SET_PRODUCTS = setProductSearchResponseSchema.parse([
  {
    uuid: AUDIO_GUIDE,
    name: 'Audio guide',
    description: 'Stories behind the works.',
    price: 500,
    display_position: 1,
    main_product_time_span_ids: [102],
  },
]);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

/**
 * A fetch double answering the catalogue and order calls; `overrides` replace an answer by
 * "METHOD path". Every call is recorded in order.
 */
export function serveOrderApi(overrides: Record<string, (call: Call) => Response> = {}) {
  const calls: Call[] = [];
  const fetchDouble = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const path = url.pathname.replace(/^.*\/api\/v1\//, '');
    const method = init?.method ?? 'GET';
    const call = {
      method,
      path,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const override = overrides[`${method} ${path}`];
    if (override) return override(call);
    const q = url.searchParams;
    switch (`${method} ${path}`) {
      case 'GET products':
        return json(PRODUCTS);
      case 'GET products/stocks-statuses':
        return json(statusesFor(q.get('from')!, q.get('to')!));
      case 'GET calendar/colors':
        return json(calendarColorsResponseSchema.parse([{ date: '2026-05-12', color_code: '#c8e6c9' }]));
      case 'GET products/stocks':
        return json(q.get('product_id') === TIMED ? TIMED_SLOTS : DAY_SLOTS);
      case 'GET products/search2':
        return json(q.get('date') === '2026-05-12' ? ON_DATE : []);
      case 'GET setproducts/search':
        return json(q.get('main_product_time_span_ids') === '102' ? SET_PRODUCTS : []);
      case 'POST orders':
        return json(
          createOrderResponseSchema.parse({
            order_token: 'new-token',
            expires_at: '2026-05-10T03:20:00Z',
            price: 7500,
          }),
          201,
        );
      default:
        return json({ error: 'not found' }, 404);
    }
  });
  vi.stubGlobal('fetch', fetchDouble);
  return calls;
}
