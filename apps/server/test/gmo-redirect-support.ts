import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PaymentMethod } from '@kippu/contract';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { CARDS, cardToken, postCheckout } from './checkout-support.ts';
import { xsrfHeaders } from './helper.ts';
import { SITE_PATH } from './order-support.ts';

/** Test support for the GMO methods that leave for a gateway page (3-D Secure, wallets) and come back. */

/** Offers the GMO wallets on DEMO's web channel (the seeded DEMO site offers cards only). */
export async function offerWallets(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO payment_methods (site_code, channel, method, position)
    VALUES ('DEMO', 'web', 'gmo_paypay', 20), ('DEMO', 'web', 'alipay', 21)
    ON CONFLICT DO NOTHING`);
}

/** The path (and query) of an absolute or relative URL, as inject takes it. */
export function pathOf(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
}

export async function checkoutRedirect(app: App, orderToken: string, body: Record<string, unknown>) {
  const res = await postCheckout(app, orderToken, body);
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<{ status: string; redirect_url: string; payment_number: string }>();
  expect(answer.status).toBe('redirect');
  return answer;
}

/** Checkout with gmo_3ds and the challenge test card: answers the challenge page URL and the payment number. */
export async function startChallenge(app: App, orderToken: string) {
  return checkoutRedirect(app, orderToken, {
    payment_method_type: 'gmo_3ds',
    token: await cardToken(app, CARDS.challenge),
    masked_card_number: '400000******3220',
  });
}

/** The card holder answers the challenge; answers the return URL the browser is re-posted to (307). */
export async function answerChallenge(app: App, challengeUrl: string, answer: 'pass' | 'fail') {
  const accessId = challengeUrl.split('/').pop()!;
  const res = await app.inject({
    method: 'POST',
    url: pathOf(challengeUrl),
    payload: `AccessID=${accessId}&answer=${answer}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode, res.body).toBe(307);
  return { returnUrl: res.headers.location as string, accessId };
}

/** The browser re-posts the challenge's form to the return URL: answers where it is sent (303). */
export async function postReturn(app: App, returnUrl: string, form: string) {
  const res = await app.inject({
    method: 'POST',
    url: pathOf(returnUrl),
    payload: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode, res.body).toBe(303);
  return res.headers.location as string;
}

export function exePayment(app: App, md: string) {
  return app.inject({
    method: 'POST',
    url: `${SITE_PATH}/gmo-secure/exe-payment`,
    headers: xsrfHeaders(),
    payload: { md },
  });
}

/** The visitor's choice at the wallet cashier: answers the 303 target (the return URL with the result). */
export async function answerCashier(
  app: App,
  cashierUrl: string,
  answer: 'approve' | 'decline' | 'cancel' | 'approve_lost_return' | 'approve_lost_all',
) {
  const url = new URL(cashierUrl, 'http://localhost');
  const res = await app.inject({
    method: 'POST',
    url: url.pathname,
    payload: new URLSearchParams({
      AccessID: url.searchParams.get('AccessID')!,
      Token: url.searchParams.get('Token')!,
      answer,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return res;
}

export function walletBody(method: PaymentMethod) {
  return { payment_method_type: method };
}

export function paymentResult(app: App, paymentNumber: string) {
  return app.inject({ method: 'GET', url: `${SITE_PATH}/payment-results/${paymentNumber}` });
}

/** Charges recorded by the simulator for an order id (our idempotency key), by status. */
export async function gatewayTrades(db: Db, orderId: number) {
  const { rows } = await db.execute<{ status: string }>(sql`
    SELECT t.status FROM gateway_sim.gmo_transactions t
    JOIN payments p ON p.idempotency_key = t.order_id
    WHERE p.order_id = ${orderId} ORDER BY t.created_at`);
  return rows.map((row) => row.status);
}
