import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_API_PATH } from '@kippu/contract';
import {
  CARDS,
  cardToken,
  orderStatus,
  paymentsOf,
  payWithCard,
  readyOrder,
  stockOf,
} from '../../../test/checkout-support.ts';
import { createProduct, createTimeSpan } from '../../../test/factories.ts';
import { answerChallenge, exePayment, postReturn } from '../../../test/gmo-redirect-support.ts';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { SITE_PATH } from '../../../test/order-support.ts';
import { signInAsDemo, type ConsoleBrowser } from '../../../test/console-sign-in.ts';
import { cancelTickets } from '../../domain/refunds/cancel-tickets.ts';
import { cancelInput, ticketsOf } from '../../domain/refunds/refund-test-support.ts';

/**
 * Review finding 2: a purchase with a ticket refunded keeps its order's quantity and lines, so a change of
 * date would hold and charge the refunded tickets in the new slot and give the old slot's places back a
 * second time. It is not changeable (the visitor's change and the console's change for the visitor), and a
 * refund that lands while a change is pending stops it: before the top-up is taken, or, if it is being paid,
 * in the settling transaction (its top-up given back, its hold released).
 */
const ctx = setupTestApp();
const DAY = 24 * 3600 * 1000;
const refused = { error: 'cannot change ticket' };
let owner: ConsoleBrowser;
let seq = 0;

beforeAll(async () => {
  owner = await signInAsDemo(ctx.app, 'owner');
});

/** Three paid ¥1,000 tickets on a slot in 5 days, and a slot of the same change group in 12 days at `toPrice`. */
async function purchaseWithTarget(toPrice = 1000) {
  seq += 1;
  const group = `refunded-change-${process.pid}-${seq}`;
  const from = await createProduct(ctx.db, { site: 'DEMO', prices: [1000] });
  const to = toPrice === 1000 ? from : await createProduct(ctx.db, { site: 'DEMO', prices: [toPrice] });
  await ctx.db.execute(sql`
    UPDATE products SET date_changeable = true, date_change_until_minutes = 60, date_change_group = ${group}
    WHERE id IN (${from.id}, ${to.id})`);
  const fromSpan = await createTimeSpan(ctx.db, {
    productId: from.id,
    capacity: 20,
    startsAt: new Date(Date.now() + 5 * DAY),
  });
  const toStart = new Date(Date.now() + 12 * DAY);
  const toSpan = await createTimeSpan(ctx.db, { productId: to.id, capacity: 20, startsAt: toStart });
  const order = await readyOrder(ctx.app, ctx.db, { ...from, spanId: fromSpan }, 3);
  const paid = await payWithCard(ctx.app, order.token);
  expect(paid.statusCode).toBe(200);
  const token = paid.json<{ reservation_token: string }>().reservation_token;
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(toStart);
  return { orderId: order.id, token, fromSpan, toSpan, day };
}

/** One of the order's three tickets refunded with its money, through the refunds domain. */
async function refundOne(orderId: number) {
  const [first] = await ticketsOf(ctx.db, orderId);
  const refund = await cancelTickets(
    ctx.db,
    { payments: ctx.app.payments, env: ctx.env },
    cancelInput(orderId, { ticketIds: [first!.id] }),
  );
  expect(refund).toMatchObject({ status: 'succeeded', amount: 1000 });
}

const postChange = (token: string, timeSpanId: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `${SITE_PATH}/timechanges/${token}`,
    headers: xsrfHeaders(),
    payload: { time_span_id: timeSpanId, lang: 'en' },
  });

const changeCheckout = (token: string, change: string, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `${SITE_PATH}/timechanges/${token}/${change}/checkout`,
    headers: xsrfHeaders(),
    payload: body,
  });

async function changeRow(change: string) {
  const { rows } = await ctx.db.execute<{ status: string; order_id: string }>(
    sql`SELECT status, order_id FROM time_changes WHERE timechange_token = ${change}`,
  );
  return { status: rows[0]!.status, orderId: Number(rows[0]!.order_id) };
}

async function reservationOrder(token: string): Promise<number> {
  const { rows } = await ctx.db.execute<{ order_id: string }>(
    sql`SELECT order_id FROM reservations WHERE reservation_token = ${token}`,
  );
  return Number(rows[0]!.order_id);
}

describe('a purchase with a refunded ticket changes date no more (review finding 2)', () => {
  it('the visitor: offered no change, the change refused, both slots’ stock unchanged', async () => {
    const bought = await purchaseWithTarget();
    await refundOne(bought.orderId);
    expect(await stockOf(ctx.db, bought.fromSpan)).toEqual({ held: 0, sold: 2 });

    const options = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/timechanges/${bought.token}?lang=en&date=${bought.day}`,
    });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({ changeable: false, slots: [] });
    const ticketPage = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/tickets/${bought.token}?lang=en`,
    });
    expect(ticketPage.json()).toMatchObject({ can_change_date: false });

    const res = await postChange(bought.token, bought.toSpan);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(refused);
    expect(await stockOf(ctx.db, bought.fromSpan)).toEqual({ held: 0, sold: 2 });
    expect(await stockOf(ctx.db, bought.toSpan)).toEqual({ held: 0, sold: 0 });
    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM time_changes c JOIN reservations r ON r.id = c.reservation_id
      WHERE r.reservation_token = ${bought.token}`);
    expect(rows[0]!.n).toBe(0);
  });

  it('a refund waiting for approval stops a change too (its tickets are promised to it)', async () => {
    const bought = await purchaseWithTarget();
    const [first] = await ticketsOf(ctx.db, bought.orderId);
    const waiting = await cancelTickets(
      ctx.db,
      { payments: ctx.app.payments, env: ctx.env },
      cancelInput(bought.orderId, { ticketIds: [first!.id], approval: { limitYen: 0 } }),
    );
    expect(waiting.status).toBe('awaiting_approval');
    expect((await postChange(bought.token, bought.toSpan)).json()).toEqual(refused);
    expect(await stockOf(ctx.db, bought.toSpan)).toEqual({ held: 0, sold: 0 });
  });

  it('the console’s change for the visitor: not changeable, refused, stock unchanged', async () => {
    const bought = await purchaseWithTarget();
    await refundOne(bought.orderId);
    const url = `${CONSOLE_API_PATH}/sites/DEMO/orders/${bought.orderId}/date-change`;
    const options = await ctx.app.inject({
      method: 'GET',
      url: `${url}?date=${bought.day}&lang=en`,
      headers: owner.read,
    });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({ changeable: false, slots: [] });

    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: owner.write,
      payload: {
        time_span_id: bought.toSpan,
        top_up: { kind: 'waive', reason: 'The visitor asked at the desk' },
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(refused);
    expect(await stockOf(ctx.db, bought.fromSpan)).toEqual({ held: 0, sold: 2 });
    expect(await stockOf(ctx.db, bought.toSpan)).toEqual({ held: 0, sold: 0 });
    expect(await reservationOrder(bought.token)).toBe(bought.orderId);
  });
});

describe('a refund that lands while a change is pending (review finding 2)', () => {
  it('before the top-up: the checkout refuses, nothing is charged, the hold can be given back', async () => {
    const bought = await purchaseWithTarget(2000);
    const created = await postChange(bought.token, bought.toSpan);
    expect(created.statusCode).toBe(201);
    const change = created.json<{ timechange_token: string }>().timechange_token;
    expect(await stockOf(ctx.db, bought.toSpan)).toEqual({ held: 3, sold: 0 });
    await refundOne(bought.orderId);

    const res = await changeCheckout(bought.token, change, {
      payment_method_type: 'gmo',
      token: await cardToken(ctx.app, CARDS.visa),
      masked_card_number: `${CARDS.visa.slice(0, 6)}******${CARDS.visa.slice(-4)}`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(refused);
    const { orderId: changeOrder } = await changeRow(change);
    expect(await paymentsOf(ctx.db, changeOrder)).toEqual([]);
    expect(await stockOf(ctx.db, bought.fromSpan)).toEqual({ held: 0, sold: 2 });

    const given = await ctx.app.inject({
      method: 'DELETE',
      url: `${SITE_PATH}/timechanges/${bought.token}/${change}`,
      headers: xsrfHeaders(),
    });
    expect(given.statusCode).toBeLessThan(300);
    expect(await stockOf(ctx.db, bought.toSpan)).toEqual({ held: 0, sold: 0 });
    expect(await reservationOrder(bought.token)).toBe(bought.orderId);
  });

  it('while the top-up is being paid (3-D Secure): the change does not complete, the top-up goes back, the hold is released', async () => {
    const bought = await purchaseWithTarget(2000);
    const created = await postChange(bought.token, bought.toSpan);
    const change = created.json<{ timechange_token: string }>().timechange_token;
    const started = await changeCheckout(bought.token, change, {
      payment_method_type: 'gmo_3ds',
      token: await cardToken(ctx.app, CARDS.challenge),
    });
    expect(started.json()).toMatchObject({ status: 'redirect' });
    const { orderId: changeOrder } = await changeRow(change);
    expect(await orderStatus(ctx.db, changeOrder)).toBe('paying');

    // Staff refund a ticket while the visitor is on the bank's page.
    await refundOne(bought.orderId);
    const challenge = await answerChallenge(
      ctx.app,
      started.json<{ redirect_url: string }>().redirect_url,
      'pass',
    );
    await postReturn(ctx.app, challenge.returnUrl, `AccessID=${challenge.accessId}`);
    const settled = await exePayment(ctx.app, challenge.accessId);
    expect(settled.json()).not.toMatchObject({ status: 'reserved' });

    expect(await changeRow(change)).toMatchObject({ status: 'cancelled' });
    expect(await orderStatus(ctx.db, changeOrder)).toBe('expired');
    const [topUp] = await paymentsOf(ctx.db, changeOrder);
    expect(topUp).toMatchObject({ amount: 3000, refund_failed_at: null });
    expect(topUp!.status).toBe('refunded');
    // The old slot: three sold, one given back by the refund, none a second time; the new slot: nothing.
    expect(await stockOf(ctx.db, bought.fromSpan)).toEqual({ held: 0, sold: 2 });
    expect(await stockOf(ctx.db, bought.toSpan)).toEqual({ held: 0, sold: 0 });
    expect(await reservationOrder(bought.token)).toBe(bought.orderId);
    expect(await orderStatus(ctx.db, bought.orderId)).toBe('reserved');
    expect((await ticketsOf(ctx.db, bought.orderId)).map((ticket) => ticket.status)).toEqual([
      'void',
      'valid',
      'valid',
    ]);
  });
});
