import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { orderByToken, transitionOrders } from '../src/domain/orders/order-state.ts';
import { xsrfHeaders } from './helper.ts';
import { createProduct, createTimeSpan } from './factories.ts';
import { orderBody, postOrder } from './order-support.ts';

/**
 * Test support for SoftBank Payment Service (ADR 027): orders on the SOFTBANK site, and a browser that
 * follows the link type's pages (our purchase page → the simulated gateway → back to us) by reading each
 * page's form, as a visitor's browser would post it.
 */

export const SOFTBANK_PATH = '/softbank/api/v1';

export async function softbankSlot(db: Db, capacity: number) {
  const fixture = await createProduct(db, { site: 'SOFTBANK' });
  const spanId = await createTimeSpan(db, { productId: fixture.id, capacity });
  return { ...fixture, spanId };
}

/** A SOFTBANK order ready to check out (held, order form stored, mail confirmed). */
export async function readySoftbankOrder(
  app: App,
  db: Db,
  slot: Awaited<ReturnType<typeof softbankSlot>>,
  quantity = 2,
) {
  const held = await postOrder(app, orderBody(slot, quantity), SOFTBANK_PATH);
  expect(held.statusCode).toBe(201);
  const token = held.json<{ order_token: string }>().order_token;
  const put = await app.inject({
    method: 'PUT',
    url: `${SOFTBANK_PATH}/orders/${token}`,
    headers: xsrfHeaders(),
    payload: {
      customer_info: [
        { key: 'fullname', value: 'Hanako Yamada' },
        { key: 'email', value: 'hanako@example.jp' },
      ],
    },
  });
  expect(put.statusCode).toBe(200);
  await transitionOrders(db, {
    orders: orderByToken('SOFTBANK', token),
    to: 'ready_checkout',
    reason: 'mail_confirmed',
  });
  const { rows } = await db.execute<{ id: number }>(sql`SELECT id FROM orders WHERE order_token = ${token}`);
  return { token, id: Number(rows[0]!.id) };
}

export function checkoutWith(app: App, orderToken: string, method: string) {
  return app.inject({
    method: 'POST',
    url: `${SOFTBANK_PATH}/orders/checkout/${orderToken}`,
    headers: xsrfHeaders(),
    payload: { payment_method_type: method },
  });
}

export function confirmCheckout(app: App, paymentNumber: string, method = 'softbank_3ds') {
  return app.inject({
    method: 'POST',
    url: `${SOFTBANK_PATH}/orders/confirmcheckout`,
    headers: xsrfHeaders(),
    payload: { payment_number: paymentNumber, payment_method_type: method },
  });
}

const decodeEntities = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The first form of a page: its action and hidden fields. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
  expect(action, html).toBeDefined();
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[decodeEntities(match[1]!)] = decodeEntities(match[2]!);
  }
  return { action: decodeEntities(action!), fields };
}

/** A path on this server from an absolute URL of our origin (what the browser would request). */
export const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return parsed.pathname + parsed.search;
};

export function postForm(app: App, url: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: pathOf(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Checkout, our purchase page, the gateway's purchase page: answers the gateway's card or wallet page. */
export async function openGateway(app: App, orderToken: string, method: string) {
  return followCheckout(app, await checkoutWith(app, orderToken, method));
}

/**
 * From a checkout's `redirect` answer (an order's, or a change of date's top-up) through our purchase page
 * to the gateway's card or wallet page.
 */
export async function followCheckout(app: App, checkout: Awaited<ReturnType<App['inject']>>) {
  expect(checkout.statusCode, checkout.body).toBe(200);
  const answer = checkout.json<{ status: string; redirect_url: string; payment_number: string }>();
  expect(answer.status).toBe('redirect');
  const handoff = await app.inject({ method: 'GET', url: pathOf(answer.redirect_url) });
  expect(handoff.statusCode).toBe(200);
  const purchase = formOf(handoff.body);
  const gatewayPage = await postForm(app, purchase.action, purchase.fields);
  expect(gatewayPage.statusCode, gatewayPage.body).toBe(200);
  return { paymentNumber: answer.payment_number, purchase, page: gatewayPage.body };
}

/** Submits the gateway's page (a card, or a wallet / challenge button) and answers the next page. */
export async function submitGatewayPage(app: App, page: string, fields: Record<string, string>) {
  const action = /<form method="post" action="([^"]*)"/.exec(page)![1]!;
  const res = await postForm(app, action, fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

export const card = (cardno: string) => ({ cardno, expire: '3012', security_code: '123' });

/** The browser's return to us (the page's auto-submitted form): answers the 303's Location. */
export async function returnToShop(app: App, returnPage: string): Promise<string> {
  const back = formOf(returnPage);
  const res = await postForm(app, back.action, back.fields);
  expect(res.statusCode, res.body).toBe(303);
  return res.headers.location as string;
}
