import { DPAY_TEST_ACCOUNTS } from '@kippu/contract/stripe-test-cards';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderStatus, payWithCard, paymentsOf, readyOrder, stockOf } from '../../../test/checkout-support.ts';
import { createProduct, createTimeSpan } from '../../../test/factories.ts';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { SITE_PATH } from '../../../test/order-support.ts';
import { offerMethod } from '../../../test/stripe-support.ts';

/*
 * A change of date's top-up paid with d払い (issue 32: "top-ups are payable with every web method the site
 * offers"; ADR 028 addendum). The carrier's calls name the change by its token, never the booking's order.
 */

const ctx = setupTestApp();
const DAY = 24 * 3600 * 1000;

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});
const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return parsed.pathname + parsed.search;
};

beforeAll(async () => {
  await offerMethod(ctx.db, 'd_pay');
});

/** A 1-ticket purchase of a 1000 yen product (paid by card), and a pending change to its 1600 yen sibling's slot. */
async function pendingDearerChange() {
  const cheap = await createProduct(ctx.db, { site: 'DEMO', prices: [1000] });
  const dear = await createProduct(ctx.db, { site: 'DEMO', prices: [1600] });
  await ctx.db.execute(sql`
    UPDATE products SET date_changeable = true, date_change_until_minutes = 60, date_change_group = 'top-up-dpay'
    WHERE id IN (${cheap.id}, ${dear.id})`);
  const from = await createTimeSpan(ctx.db, {
    productId: cheap.id,
    capacity: 5,
    startsAt: new Date(Date.now() + 2 * DAY),
  });
  const to = await createTimeSpan(ctx.db, {
    productId: dear.id,
    capacity: 5,
    startsAt: new Date(Date.now() + 9 * DAY),
  });
  const order = await readyOrder(ctx.app, ctx.db, { ...cheap, spanId: from }, 1);
  const paid = await payWithCard(ctx.app, order.token);
  expect(paid.statusCode).toBe(200);
  const reservation = paid.json<{ reservation_token: string }>().reservation_token;
  const created = await ctx.app.inject({
    method: 'POST',
    url: `${SITE_PATH}/timechanges/${reservation}`,
    headers: xsrfHeaders(),
    payload: { time_span_id: to, lang: 'ja' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const change = created.json<{ timechange_token: string }>().timechange_token;
  const { rows } = await ctx.db.execute<{ order_id: string }>(
    sql`SELECT order_id FROM time_changes WHERE timechange_token = ${change}`,
  );
  return { reservation, change, bookingOrder: order, changeOrderId: Number(rows[0]!.order_id), from, to };
}

type Change = Awaited<ReturnType<typeof pendingDearerChange>>;

/** The top-up's checkout with d_pay: answers the confirm screen it sends the browser to, and the payment number. */
async function checkOutTopUp(change: Change) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${SITE_PATH}/timechanges/${change.reservation}/${change.change}/checkout`,
    headers: xsrfHeaders(),
    payload: { payment_method_type: 'd_pay' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<{ status: string; redirect_url: string; payment_number: string }>();
  expect(answer.status).toBe('redirect');
  return answer;
}

/** Spec §7's authorisation for `id`, and the carrier's login with `account` (null: cancel). */
async function logIn(id: string, account: string | null) {
  const auth = await ctx.app.inject({ method: 'GET', url: `/demo/d-account/v1/auth/${id}` });
  expect(auth.statusCode, auth.body).toBe(200);
  const { authorization_endpoint: endpoint, ...request } = auth.json<Record<string, string>>();
  const answer = await ctx.app.inject({
    method: 'POST',
    url: pathOf(endpoint!),
    ...form({ ...request, ...(account ? { account, decision: 'login' } : { decision: 'cancel' }) }),
  });
  expect(answer.statusCode).toBe(303);
  const back = await ctx.app.inject({ method: 'GET', url: pathOf(answer.headers.location as string) });
  expect(back.statusCode).toBe(303);
  return { state: request.state!, location: back.headers.location as string };
}

/** The payment token for `id`, the carrier's payment page answered (pay or cancel), and its post back. */
async function payAtCarrier(id: string, pay: boolean) {
  const token = await ctx.app.inject({ method: 'GET', url: `/demo/d-pay/v1/scptok/${id}` });
  expect(token.statusCode, token.body).toBe(200);
  const { request_url: requestUrl, ...posted } = token.json<Record<string, string>>();
  expect((await ctx.app.inject({ method: 'POST', url: requestUrl!, ...form(posted) })).statusCode).toBe(200);
  const decided = await ctx.app.inject({
    method: 'POST',
    url: `${requestUrl}/decide`,
    ...form({ s_cptok: posted.s_cptok!, decision: pay ? 'pay' : 'cancel' }),
  });
  const resultUrl = /<form method="post" action="([^"]+)"/.exec(decided.body)![1]!.replaceAll('&#38;', '&');
  const back = await ctx.app.inject({
    method: 'POST',
    url: pathOf(resultUrl),
    ...form({ s_cptok: posted.s_cptok!, result: 'x' }),
  });
  expect(back.statusCode).toBe(303);
  return { cptok: posted.s_cptok!, location: back.headers.location as string };
}

async function carrierPayments(orderId: number) {
  const { rows } = await ctx.db.execute<{ status: string; amount: string }>(sql`
    SELECT g.status, g.amount FROM gateway_sim.dpay_payments g JOIN payments p ON p.idempotency_key = g.order_ref
    WHERE p.order_id = ${orderId} ORDER BY g.created_at`);
  return rows.map((row) => [row.status, Number(row.amount)]);
}

async function changeStatus(token: string) {
  const { rows } = await ctx.db.execute<{ status: string }>(
    sql`SELECT status FROM time_changes WHERE timechange_token = ${token}`,
  );
  return rows[0]!.status;
}

/** The booking's own order, as a change must leave it until the change completes: reserved, paid once by card. */
async function expectBookingUntouched(change: Change) {
  expect(await orderStatus(ctx.db, change.bookingOrder.id)).toBe('reserved');
  expect((await paymentsOf(ctx.db, change.bookingOrder.id)).map((p) => [p.method, p.status])).toEqual([
    ['gmo', 'confirmed'],
  ]);
  expect(await carrierPayments(change.bookingOrder.id)).toEqual([]);
}

describe('a change of date’s top-up paid with d払い through the carrier simulator', () => {
  it('the carrier’s calls take the change’s token; the change completes, paid once, the booking’s order untouched', async () => {
    const change = await pendingDearerChange();
    const away = await checkOutTopUp(change);
    // The confirm screen is told it is a change's top-up (ADR 059): it asks by the change's token.
    expect(away.redirect_url).toMatch(/\/demo\/#\/d-pay-confirm\?flow=change_date$/);
    // The booking's order token opens nothing: its order is not the one paying.
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: `/demo/d-account/v1/auth/${change.bookingOrder.token}`,
    });
    expect(wrong.statusCode).toBe(404);
    await expectBookingUntouched(change);

    const login = await logIn(change.change, DPAY_TEST_ACCOUNTS.success);
    expect(login.location).toMatch(
      new RegExp(`/demo/#/d-pay-confirm\\?state=${encodeURIComponent(login.state)}&flow=change_date$`),
    );
    const paid = await payAtCarrier(change.change, true);
    expect(paid.location).toMatch(/\/demo\/#\/payment-callback\/d_pay\/success\?flow=change_date$/);
    const result = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/payment-results/${away.payment_number}`,
    });
    expect(result.json()).toMatchObject({
      status: 'reserved',
      flow: 'change_date',
      reservation_token: change.reservation,
    });

    // The carrier's notification and a second return settle nothing more.
    const notified = await ctx.app.inject({
      method: 'POST',
      url: '/payment-notify/d_pay',
      ...form({ s_cptok: paid.cptok }),
    });
    expect(notified.statusCode).toBe(200);
    expect(await changeStatus(change.change)).toBe('done');
    expect(await orderStatus(ctx.db, change.bookingOrder.id)).toBe('changed');
    expect(await stockOf(ctx.db, change.from)).toEqual({ held: 0, sold: 0 });
    expect(await stockOf(ctx.db, change.to)).toEqual({ held: 0, sold: 1 });
    expect(
      (await paymentsOf(ctx.db, change.changeOrderId)).map((p) => [p.method, p.status, p.amount]),
    ).toEqual([['d_pay', 'confirmed', 600]]);
    expect(await carrierPayments(change.changeOrderId)).toEqual([['paid', 600]]);
    expect(await carrierPayments(change.bookingOrder.id)).toEqual([]);
    // Over: the change's token opens no authorisation any more.
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/demo/d-account/v1/auth/${change.change}` })).statusCode,
    ).toBe(404);
  });

  it('a cancel at the login or on the payment page: back to the change’s payment, the hold kept; then paid once', async () => {
    const change = await pendingDearerChange();
    await checkOutTopUp(change);
    const cancelled = await logIn(change.change, null);
    expect(cancelled.location).toMatch(/\/demo\/#\/payment-callback\/d_pay\/cancel\?flow=change_date$/);

    const second = await checkOutTopUp(change);
    await logIn(change.change, DPAY_TEST_ACCOUNTS.success);
    const refused = await payAtCarrier(change.change, false);
    expect(refused.location).toMatch(/\/demo\/#\/payment-callback\/d_pay\/cancel\?flow=change_date$/);
    const result = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/payment-results/${second.payment_number}`,
    });
    // What the callback screen needs to go back to the change's payment screen (use-payment-outcome.ts).
    expect(result.json()).toMatchObject({
      can_retry: true,
      is_time_change: true,
      flow: 'change_date',
      old_reservation_token: change.reservation,
      time_change_token: change.change,
    });
    expect(await changeStatus(change.change)).toBe('pending');
    expect(await stockOf(ctx.db, change.to)).toEqual({ held: 1, sold: 0 });
    expect(await orderStatus(ctx.db, change.changeOrderId)).toBe('ready_checkout');
    await expectBookingUntouched(change);

    await checkOutTopUp(change);
    await logIn(change.change, DPAY_TEST_ACCOUNTS.success);
    await payAtCarrier(change.change, true);
    expect(await changeStatus(change.change)).toBe('done');
    expect(await stockOf(ctx.db, change.to)).toEqual({ held: 0, sold: 1 });
    expect((await paymentsOf(ctx.db, change.changeOrderId)).map((p) => [p.status, p.failure_code])).toEqual([
      ['failed', 'canceled'],
      ['failed', 'canceled'],
      ['confirmed', null],
    ]);
    expect(
      (await carrierPayments(change.changeOrderId)).filter(([status]) => status === 'paid'),
    ).toHaveLength(1);
  });
});
