import { SIMULATOR_TEST_CARDS } from '@kippu/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { orderByToken, transitionOrders } from '../src/domain/orders/order-state.ts';
import { GMO_SIMULATOR_PATHS } from '@kippu/contract/gateway-simulator';
import { xsrfHeaders } from './helper.ts';
import { SITE_PATH, orderBody, postOrder, productWithSlot } from './order-support.ts';

/** Test support for checkout: ready orders on the DEMO site, simulator card tokens, checkout calls. */

/** DEMO's public GMO shop id (seeded site settings, payment.cardProviderKeys.gmo). */
export const DEMO_SHOP_ID = 'tshop_test_demo';

export const CARDS = SIMULATOR_TEST_CARDS;

export type Slot = Awaited<ReturnType<typeof productWithSlot>>;

/**
 * A temporary order that may check out: held (POST /orders), order form stored (PUT /orders), and, on a
 * mail-confirm site where PUT leaves it holding until the mail link is followed, moved on as that link does.
 */
export async function readyOrder(
  app: App,
  db: Db,
  slot: Slot,
  quantity = 2,
  email = 'hanako@example.jp',
  patch: Record<string, unknown> = {},
): Promise<{ token: string; id: number }> {
  const held = await postOrder(app, orderBody(slot, quantity, patch));
  expect(held.statusCode).toBe(201);
  const token = held.json<{ order_token: string }>().order_token;
  const put = await app.inject({
    method: 'PUT',
    url: `${SITE_PATH}/orders/${token}`,
    headers: xsrfHeaders(),
    payload: {
      customer_info: [
        { key: 'fullname', value: 'Hanako Yamada' },
        { key: 'email', value: email },
      ],
    },
  });
  expect(put.statusCode).toBe(200);
  await transitionOrders(db, {
    orders: orderByToken('DEMO', token),
    to: 'ready_checkout',
    reason: 'mail_confirmed',
  });
  const { rows } = await db.execute<{ id: number; status: string }>(
    sql`SELECT id, status FROM orders WHERE order_token = ${token}`,
  );
  expect(rows[0]!.status).toBe('ready_checkout');
  return { token, id: Number(rows[0]!.id) };
}

/** A one-time card token from the simulator's token API (what the token script does in the browser). */
export async function cardToken(app: App, cardno: string, shopId = DEMO_SHOP_ID): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: GMO_SIMULATOR_PATHS.tokenApi,
    payload: { shopId, cardno, expire: '3012', securitycode: '123', holdername: 'HANAKO YAMADA' },
  });
  expect(res.json()).toMatchObject({ resultCode: '000' });
  return res.json<{ tokenObject: { token: string[] } }>().tokenObject.token[0]!;
}

export function postCheckout(app: App, orderToken: string, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: `${SITE_PATH}/orders/checkout/${orderToken}`,
    headers: xsrfHeaders(),
    payload: body,
  });
}

export async function payWithCard(app: App, orderToken: string, cardno: string = CARDS.visa) {
  return postCheckout(app, orderToken, {
    payment_method_type: 'gmo',
    token: await cardToken(app, cardno),
    masked_card_number: `${cardno.slice(0, 6)}******${cardno.slice(-4)}`,
  });
}

export async function stockOf(db: Db, spanId: number): Promise<{ held: number; sold: number }> {
  const { rows } = await db.execute<{ held: number; sold: number }>(
    sql`SELECT held, sold FROM time_spans WHERE id = ${spanId}`,
  );
  return rows[0]!;
}

export async function paymentsOf(db: Db, orderId: number) {
  const { rows } = await db.execute<{
    id: number;
    method: string;
    amount: number;
    status: string;
    failure_code: string | null;
    provider_reference: string | null;
    masked_card_number: string | null;
    refund_failed_at: Date | null;
  }>(sql`SELECT id, method, amount, status, failure_code, provider_reference, masked_card_number,
                refund_failed_at
         FROM payments WHERE order_id = ${orderId} ORDER BY id`);
  return rows.map((row) => ({ ...row, id: Number(row.id), amount: Number(row.amount) }));
}

export async function orderStatus(db: Db, orderId: number): Promise<string> {
  const { rows } = await db.execute<{ status: string }>(sql`SELECT status FROM orders WHERE id = ${orderId}`);
  return rows[0]!.status;
}
