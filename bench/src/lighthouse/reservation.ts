import { SIMULATOR_TEST_CARDS, siteSlug, type Product, type Slot } from '@kippu/contract';
import { createDb } from '../../../apps/server/src/db/client.ts';
import { orderByToken, transitionOrders } from '../../../apps/server/src/domain/orders/order-state.ts';
import { GMO_SIMULATOR_PATHS } from '../../../apps/server/src/domain/payments/simulator/simulator-paths.ts';

const SITE = 'DEMO';
const API = `/${siteSlug(SITE)}/api/v1`;
const XSRF = 'bench-xsrf-token';
const HEADERS = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };

async function call<T>(baseUrl: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...HEADERS, 'x-forwarded-for': '10.9.9.9' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300)
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const tokyoDate = (days: number) =>
  new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A paid reservation on the demo site, made the way a visitor makes one: hold (POST /orders), details
 * (PUT /orders), the mail confirmation (as its link does, through transitionOrders), a simulator card
 * token, checkout. Answers the reservation token the ticket page is opened with.
 */
export async function createReservation(baseUrl: string, databaseUrl: string): Promise<string> {
  const products = await call<Product[]>(baseUrl, 'GET', `${API}/products?lang=ja`);
  let found: { product: Product; slot: Slot } | undefined;
  for (let days = 3; days < 10 && !found; days += 1) {
    for (const product of products.filter((p) => p.product_type === 'time')) {
      const slots = await call<Slot[]>(
        baseUrl,
        'GET',
        `${API}/products/stocks?date=${tokyoDate(days)}&product_id=${product.uuid}&lang=ja`,
      );
      if (slots[0]) {
        found = { product, slot: slots[0] };
        break;
      }
    }
  }
  if (!found) throw new Error('no demo slot found for the ticket page');
  const optionValue = (found.product as unknown as { option_values: { id: number }[] }).option_values[0]!;
  const held = await call<{ order_token: string }>(baseUrl, 'POST', `${API}/orders`, {
    lang: 'ja',
    product_uuid: found.product.uuid,
    time_span_id: found.slot.id,
    quantity: 2,
    option_values: [{ option_value_id: optionValue.id, quantity: 2 }],
    set_products: [],
  });
  const token = held.order_token;
  await call(baseUrl, 'PUT', `${API}/orders/${token}`, {
    customer_info: [
      { key: 'fullname', value: 'Hanako Yamada' },
      { key: 'email', value: 'hanako@example.jp' },
    ],
  });
  const db = createDb(databaseUrl, 2);
  try {
    await transitionOrders(db, {
      orders: orderByToken(SITE, token),
      to: 'ready_checkout',
      reason: 'mail_confirmed',
    });
    const card = SIMULATOR_TEST_CARDS.visa;
    const tokenAnswer = await call<{ tokenObject: { token: string[] } }>(
      baseUrl,
      'POST',
      GMO_SIMULATOR_PATHS.tokenApi,
      {
        shopId: 'tshop_test_demo',
        cardno: card,
        expire: '3012',
        securitycode: '123',
        holdername: 'HANAKO YAMADA',
      },
    );
    await call(baseUrl, 'POST', `${API}/orders/checkout/${token}`, {
      payment_method_type: 'gmo',
      token: tokenAnswer.tokenObject.token[0],
      masked_card_number: `${card.slice(0, 6)}******${card.slice(-4)}`,
    });
    const { rows } = await db.$client.query<{ reservation_token: string }>(
      `SELECT r.reservation_token FROM reservations r JOIN orders o ON o.id = r.order_id WHERE o.order_token = $1`,
      [token],
    );
    if (!rows[0]) throw new Error('checkout made no reservation');
    return rows[0].reservation_token;
  } finally {
    await db.$client.end();
  }
}
