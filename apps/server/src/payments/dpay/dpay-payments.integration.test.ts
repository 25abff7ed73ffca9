import { DPAY_TEST_ACCOUNTS } from '@kippu/contract/stripe-test-cards';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { productWithSlot } from '../../../test/order-support.ts';
import {
  orderStatus,
  paymentsOf,
  postCheckout,
  readyOrder,
  stockOf,
  type Slot,
} from '../../../test/checkout-support.ts';
import { offerMethod } from '../../../test/stripe-support.ts';
import { orderById, transitionOrders } from '../../domain/orders/order-state.ts';
import { releaseHolds } from '../../domain/order-release/release-holds.ts';
import type { App } from '../../app.ts';

const ctx = setupTestApp();

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

/** A URL the server redirected to, as a path for inject. */
const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return parsed.pathname + parsed.search;
};

/** Checkout with d_pay, the authorisation call, and the carrier's login: answers where the login sent the browser. */
async function startAndLogIn(app: App, orderToken: string, account: string | null) {
  const checkout = await postCheckout(app, orderToken, { payment_method_type: 'd_pay' });
  expect(checkout.statusCode).toBe(200);
  const redirect = checkout.json<{ status: string; redirect_url: string; payment_number: string }>();
  expect(redirect).toMatchObject({ status: 'redirect' });
  expect(redirect.redirect_url).toMatch(/\/demo\/#\/d-pay-confirm\?flow=booking$/);

  const auth = await app.inject({ method: 'GET', url: `/demo/d-account/v1/auth/${orderToken}` });
  expect(auth.statusCode).toBe(200);
  const params = auth.json<Record<string, string>>();
  expect(params).toMatchObject({ response_type: 'code', prompt: 'login', authif: '1' });
  expect(Object.keys(params)).toEqual(
    expect.arrayContaining([
      'scope',
      'client_id',
      'redirect_uri',
      'state',
      'nonce',
      'authorization_endpoint',
    ]),
  );
  const { authorization_endpoint: endpoint, ...request } = params;
  const login = await app.inject({
    method: 'GET',
    url: `${pathOf(endpoint!)}?${new URLSearchParams(request)}`,
  });
  expect(login.statusCode).toBe(200);
  const answer = await app.inject({
    method: 'POST',
    url: pathOf(endpoint!),
    ...form({ ...request, ...(account ? { account, decision: 'login' } : { decision: 'cancel' }) }),
  });
  expect(answer.statusCode).toBe(303);
  return {
    paymentNumber: redirect.payment_number,
    state: params.state!,
    back: answer.headers.location as string,
  };
}

/** The whole flow up to the carrier's answer on its payment page; answers the page's way back. */
async function payAtCarrier(app: App, orderToken: string, account: string, pay = true) {
  const login = await startAndLogIn(app, orderToken, account);
  const returned = await app.inject({ method: 'GET', url: pathOf(login.back) });
  expect(returned.statusCode).toBe(303);
  expect(returned.headers.location).toMatch(
    new RegExp(`/demo/#/d-pay-confirm\\?state=${encodeURIComponent(login.state)}&flow=booking$`),
  );
  const token = await app.inject({ method: 'GET', url: `/demo/d-pay/v1/scptok/${orderToken}` });
  expect(token.statusCode).toBe(200);
  const fields = token.json<{ s_terkn: string; s_spcd: string; s_cptok: string; request_url: string }>();
  const { request_url: requestUrl, ...posted } = fields;
  // Asking again (a reload) answers the same token.
  expect((await app.inject({ method: 'GET', url: `/demo/d-pay/v1/scptok/${orderToken}` })).json()).toEqual(
    fields,
  );
  const page = await app.inject({ method: 'POST', url: requestUrl, ...form(posted) });
  expect(page.statusCode).toBe(200);
  const decided = await app.inject({
    method: 'POST',
    url: `${requestUrl}/decide`,
    ...form({ s_cptok: fields.s_cptok, decision: pay ? 'pay' : 'cancel' }),
  });
  expect(decided.statusCode).toBe(200);
  const resultUrl = /<form method="post" action="([^"]+)"/.exec(decided.body)![1]!.replaceAll('&#38;', '&');
  return { ...login, cptok: fields.s_cptok, resultUrl };
}

function postResult(app: App, resultUrl: string, cptok: string) {
  return app.inject({ method: 'POST', url: pathOf(resultUrl), ...form({ s_cptok: cptok, result: 'x' }) });
}

function notify(app: App, cptok: string) {
  return app.inject({ method: 'POST', url: '/payment-notify/d_pay', ...form({ s_cptok: cptok }) });
}

async function reservationCount(orderId: number) {
  const { rows } = await ctx.db.execute(sql`SELECT 1 FROM reservations WHERE order_id = ${orderId}`);
  return rows.length;
}

async function carrierPayments(orderId: number) {
  const { rows } = await ctx.db.execute<{ status: string }>(sql`
    SELECT g.status FROM gateway_sim.dpay_payments g JOIN payments p ON p.idempotency_key = g.order_ref
    WHERE p.order_id = ${orderId} ORDER BY g.created_at`);
  return rows.map((row) => row.status);
}

async function freshOrder() {
  const slot = await productWithSlot(ctx.db, 10);
  return { slot, order: await readyOrder(ctx.app, ctx.db, slot, 2) };
}

/** A fresh order logged in at the carrier, whose login return comes back with another `state`. */
async function loginReturnWithState(state: string) {
  const { order } = await freshOrder();
  const login = await startAndLogIn(ctx.app, order.token, DPAY_TEST_ACCOUNTS.success);
  const forged = new URL(login.back);
  forged.searchParams.set('state', state);
  return { order, res: await ctx.app.inject({ method: 'GET', url: pathOf(forged.href) }) };
}

async function expectReservedOnce(slot: Slot, order: { id: number }) {
  expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
  expect(await reservationCount(order.id)).toBe(1);
  expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 2 });
  expect((await carrierPayments(order.id)).filter((status) => status === 'paid')).toHaveLength(1);
}

async function expectNothingTaken(slot: Slot, order: { id: number }) {
  expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
  expect(await reservationCount(order.id)).toBe(0);
  expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 2, sold: 0 });
  expect(await carrierPayments(order.id)).not.toContain('paid');
}

beforeAll(async () => {
  await offerMethod(ctx.db, 'd_pay');
});

describe('d払い through the carrier simulator (ADR 028)', () => {
  it('login, payment token, payment: reserved once; confirmcheckout answers the reservation', async () => {
    const { slot, order } = await freshOrder();
    const flow = await payAtCarrier(ctx.app, order.token, DPAY_TEST_ACCOUNTS.success);
    const back = await postResult(ctx.app, flow.resultUrl, flow.cptok);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toMatch(/\/demo\/#\/payment-callback\/d_pay\/success\?flow=booking$/);
    await expectReservedOnce(slot, order);

    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/demo/api/v1/orders/confirmcheckout',
      headers: xsrfHeaders(),
      payload: { payment_number: flow.paymentNumber, payment_method_type: 'd_pay' },
    });
    expect(confirm.json()).toMatchObject({ status: 'reserved' });
  });

  it.each([
    ['declined', DPAY_TEST_ACCOUNTS.decline],
    ['over its limit', DPAY_TEST_ACCOUNTS.insufficientFunds],
  ])('an account that is %s: failure, nothing taken, and the visitor pays again', async (_name, account) => {
    const { slot, order } = await freshOrder();
    const flow = await payAtCarrier(ctx.app, order.token, account);
    const back = await postResult(ctx.app, flow.resultUrl, flow.cptok);
    expect(back.headers.location).toMatch(/#\/payment-callback\/d_pay\/failure\?flow=booking$/);
    await expectNothingTaken(slot, order);
    expect(await paymentsOf(ctx.db, order.id)).toMatchObject([
      { status: 'failed', failure_code: 'declined' },
    ]);

    const again = await payAtCarrier(ctx.app, order.token, DPAY_TEST_ACCOUNTS.success);
    await postResult(ctx.app, again.resultUrl, again.cptok);
    await expectReservedOnce(slot, order);
  });

  it('cancel at the carrier login, and cancel on the payment page: nothing taken, back to choose', async () => {
    const { slot, order } = await freshOrder();
    const login = await startAndLogIn(ctx.app, order.token, null);
    expect(login.back).toContain('error=access_denied');
    const returned = await ctx.app.inject({ method: 'GET', url: pathOf(login.back) });
    expect(returned.headers.location).toMatch(/#\/payment-callback\/d_pay\/cancel\?flow=booking$/);
    await expectNothingTaken(slot, order);

    const flow = await payAtCarrier(ctx.app, order.token, DPAY_TEST_ACCOUNTS.success, false);
    const back = await postResult(ctx.app, flow.resultUrl, flow.cptok);
    expect(back.headers.location).toMatch(/#\/payment-callback\/d_pay\/cancel\?flow=booking$/);
    await expectNothingTaken(slot, order);
    expect((await paymentsOf(ctx.db, order.id)).map((payment) => payment.failure_code)).toEqual([
      'canceled',
      'canceled',
    ]);
  });

  it('a notification or login return with a NUL byte is an invalid request, not a server error', async () => {
    const notified = await notify(ctx.app, 'a\u0000b');
    expect(notified.statusCode).toBe(400);
    expect(notified.json()).toMatchObject({ error: 'invalid request' });
    const { res } = await loginReturnWithState('a\u0000b');
    expect(res.statusCode).toBe(400);
  });

  it('a login return with another state is refused (no code kept)', async () => {
    const { order, res } = await loginReturnWithState('not-the-state');
    expect(res.statusCode).toBe(400);
    const token = await ctx.app.inject({ method: 'GET', url: `/demo/d-pay/v1/scptok/${order.token}` });
    expect(token.statusCode).toBe(400);
    expect(token.json()).toEqual({ error: 'invalid request' });
  });

  it('the browser return is lost but the notification arrives; then twice more with two returns at once: once', async () => {
    const { slot, order } = await freshOrder();
    const flow = await payAtCarrier(ctx.app, order.token, DPAY_TEST_ACCOUNTS.success);
    const first = await notify(ctx.app, flow.cptok);
    expect(first.json()).toEqual({ settled: true });
    await expectReservedOnce(slot, order);

    const other = await ctx.anotherApp();
    const again = await Promise.all([
      notify(ctx.app, flow.cptok),
      notify(other, flow.cptok),
      postResult(ctx.app, flow.resultUrl, flow.cptok),
      postResult(other, flow.resultUrl, flow.cptok),
    ]);
    expect(again.map((res) => res.statusCode)).toEqual([200, 200, 303, 303]);
    await expectReservedOnce(slot, order);
  });

  it('paid after the order expired: refunded at the carrier and recorded', async () => {
    const { slot, order } = await freshOrder();
    const flow = await payAtCarrier(ctx.app, order.token, DPAY_TEST_ACCOUNTS.success);
    await ctx.db.transaction(async (tx) => {
      const moved = await transitionOrders(tx, {
        orders: orderById(order.id),
        to: 'expired',
        reason: 'hold_expired',
      });
      await releaseHolds(tx, moved);
    });
    const back = await postResult(ctx.app, flow.resultUrl, flow.cptok);
    expect(back.headers.location).toMatch(/#\/payment-callback\/d_pay\/failure\?flow=booking$/);
    expect(await paymentsOf(ctx.db, order.id)).toMatchObject([{ status: 'refunded' }]);
    expect(await carrierPayments(order.id)).toEqual(['refunded']);
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 0 });
  });
});
