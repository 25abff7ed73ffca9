import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { CARDS, orderStatus, paymentsOf, stockOf } from '../../../test/checkout-support.ts';
import {
  card,
  checkoutWith,
  confirmCheckout,
  followCheckout,
  formOf,
  openGateway,
  postForm,
  readySoftbankOrder,
  returnToShop,
  SOFTBANK_PATH,
  softbankSlot,
  submitGatewayPage,
} from '../../../test/softbank-support.ts';
import { createProduct, createTimeSpan } from '../../../test/factories.ts';
import { xsrfHeaders } from '../../../test/helper.ts';
import { orderById, transitionOrders } from '../../domain/orders/order-state.ts';
import { releaseHolds } from '../../domain/order-release/release-holds.ts';
import { RESULT_FIELDS, signFields } from './sbps-protocol.ts';
import { createSbpsSimulator } from '@kippu/gateway-simulator';

const ctx = setupTestApp();

const NOTIFICATION = '/payments/softbank/notification';

async function reservationsOf(orderId: number) {
  const { rows } = await ctx.db.execute<{ id: number; tickets: number }>(sql`
    SELECT r.id, (SELECT count(*)::int FROM tickets t WHERE t.reservation_id = r.id) AS tickets
    FROM reservations r WHERE r.order_id = ${orderId}`);
  return rows;
}

async function gatewayStatus(orderId: number) {
  const { rows } = await ctx.db.execute<{ status: string }>(sql`
    SELECT g.status FROM gateway_sim.sbps_transactions g
    JOIN payments p ON p.idempotency_key = g.order_id WHERE p.order_id = ${orderId} ORDER BY g.created_at`);
  return rows.map((row) => row.status);
}

async function expectReserved(order: { id: number }, spanId: number, quantity = 2) {
  expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
  expect((await paymentsOf(ctx.db, order.id)).map((payment) => payment.status)).toEqual(['confirmed']);
  const reservations = await reservationsOf(order.id);
  expect(reservations).toHaveLength(1);
  expect(reservations[0]!.tickets).toBe(quantity);
  expect(await stockOf(ctx.db, spanId)).toEqual({ held: 0, sold: quantity });
  expect(await gatewayStatus(order.id)).toEqual(['paid']);
}

async function expectPayAgain(order: { id: number }, spanId: number, quantity = 2) {
  expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
  expect(await reservationsOf(order.id)).toHaveLength(0);
  expect(await stockOf(ctx.db, spanId)).toEqual({ held: quantity, sold: 0 });
}

async function start(method: string, capacity = 10) {
  const slot = await softbankSlot(ctx.db, capacity);
  const order = await readySoftbankOrder(ctx.app, ctx.db, slot, 2);
  const gateway = await openGateway(ctx.app, order.token, method);
  return { slot, order, ...gateway };
}

describe('SoftBank Payment Service link type (softbank_3ds)', () => {
  it('pays after the 3-D Secure challenge: notification, return, confirmcheckout; one charge, one reservation', async () => {
    const { slot, order, paymentNumber, purchase, page } = await start('softbank_3ds');
    // Our purchase request is signed and names the attempt by its idempotency key.
    expect(purchase.fields).toMatchObject({ pay_method: 'credit3d', merchant_id: '30132', amount: '6000' });
    expect(purchase.fields.sps_hashcode).toMatch(/^[0-9a-f]{40}$/);
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');

    const challenge = await submitGatewayPage(ctx.app, page, card(CARDS.challenge));
    expect(challenge).toContain('3-D Secure');
    const returnPage = await submitGatewayPage(ctx.app, challenge, { answer: 'pass' });
    // The notification went first (in process): the order is reserved before the browser is back.
    await expectReserved(order, slot.spanId);

    const location = await returnToShop(ctx.app, returnPage);
    expect(location).toBe(
      `http://localhost:3000/softbank/#/payment-callback/sbps3ds?payment_number=${paymentNumber}&flow=booking`,
    );
    const confirmed = await confirmCheckout(ctx.app, paymentNumber);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'reserved' });
    await expectReserved(order, slot.spanId);
    // The gateway's tracking id replaced the placeholder reference.
    const [payment] = await paymentsOf(ctx.db, order.id);
    expect(payment!.provider_reference).toMatch(/^[0-9a-f]{14}$/);
  });

  it('a failed challenge declines (no charge), and paying again succeeds', async () => {
    const first = await start('softbank_3ds');
    const challenge = await submitGatewayPage(ctx.app, first.page, card(CARDS.challenge));
    const returnPage = await submitGatewayPage(ctx.app, challenge, { answer: 'fail' });
    const location = await returnToShop(ctx.app, returnPage);
    expect(location).toContain('#/payment-callback/sbps3ds?payment_number=');
    const confirmed = await confirmCheckout(ctx.app, first.paymentNumber);
    expect(confirmed.statusCode).toBe(402);
    // A failed 3-D Secure check answers the spec's 3-D Secure failure fields (§8), as GMO's exe-payment does,
    // so the return screen shows the 3-D Secure retry dialog and not a refused card's.
    expect(confirmed.json()).toEqual({
      error: 'payment_api_failure',
      can_retry: true,
      order_token: first.order.token,
      is_time_change: false,
      flow: 'booking',
      old_reservation_token: null,
      time_change_token: null,
      sales_channel: 'web',
    });
    expect((await paymentsOf(ctx.db, first.order.id))[0]!.failure_code).toBe('three_d_secure_failed');
    await expectPayAgain(first.order, first.slot.spanId);
    expect((await paymentsOf(ctx.db, first.order.id)).map((payment) => payment.status)).toEqual(['failed']);

    const again = await openGateway(ctx.app, first.order.token, 'softbank_3ds');
    const paidPage = await submitGatewayPage(ctx.app, again.page, card(CARDS.visa));
    await returnToShop(ctx.app, paidPage);
    expect((await confirmCheckout(ctx.app, again.paymentNumber)).json()).toMatchObject({
      status: 'reserved',
    });
    expect(await orderStatus(ctx.db, first.order.id)).toBe('reserved');
    expect((await paymentsOf(ctx.db, first.order.id)).map((payment) => payment.status)).toEqual([
      'failed',
      'confirmed',
    ]);
    expect(await stockOf(ctx.db, first.slot.spanId)).toEqual({ held: 0, sold: 2 });
  });

  it('a failed challenge whose notification comes after the return is still a 3-D Secure failure', async () => {
    const { slot, order, paymentNumber, page } = await start('softbank_3ds');
    await submitGatewayPage(ctx.app, page, card(CARDS.challenge));
    const { rows } = await ctx.db.execute<{ tracking_id: string }>(sql`
      SELECT g.tracking_id FROM gateway_sim.sbps_transactions g
      JOIN payments p ON p.idempotency_key = g.order_id WHERE p.order_id = ${order.id}`);
    // The gateway's side alone: the notification is held back, so the return asks the gateway first.
    const failed = await createSbpsSimulator(ctx.db).answerChallenge(rows[0]!.tracking_id, false);
    const back = await postForm(ctx.app, failed.returnUrl, failed.returnFields);
    expect(back.headers.location).toContain('#/payment-callback/sbps3ds?');
    const confirmed = await confirmCheckout(ctx.app, paymentNumber);
    expect(confirmed.statusCode).toBe(402);
    expect(confirmed.json()).toMatchObject({ error: 'payment_api_failure', can_retry: true });
    expect((await paymentsOf(ctx.db, order.id))[0]!.failure_code).toBe('three_d_secure_failed');
    // The late notification changes nothing.
    expect((await postForm(ctx.app, NOTIFICATION, failed.notification!.fields)).body).toBe('OK,');
    await expectPayAgain(order, slot.spanId);
  });

  it('the gateway refuses declined, short-of-funds and expired cards; the visitor may pay again', async () => {
    for (const number of [CARDS.decline, CARDS.insufficientFunds, CARDS.expiredCard]) {
      const { slot, order, paymentNumber, page } = await start('softbank_3ds');
      const returnPage = await submitGatewayPage(ctx.app, page, card(number));
      expect(formOf(returnPage).action).toContain('/error');
      expect(await returnToShop(ctx.app, returnPage)).toContain('#/payment-callback/sbps3ds?');
      const confirmed = await confirmCheckout(ctx.app, paymentNumber);
      expect(confirmed.statusCode).toBe(402);
      // A refused card is no 3-D Secure failure: the catalogue's error alone, whose dialog says so.
      expect(confirmed.json()).toEqual({ error: 'payment_api_failure' });
      await expectPayAgain(order, slot.spanId);
      const [payment] = await paymentsOf(ctx.db, order.id);
      expect(payment!.status).toBe('failed');
      expect(await gatewayStatus(order.id)).toEqual(['refused']);
    }
  });

  it('cancel on the gateway page: nothing charged, back to paying again', async () => {
    const { slot, order, paymentNumber, page } = await start('softbank_3ds');
    const returnPage = await submitGatewayPage(ctx.app, page, { choice: 'cancel' });
    expect(formOf(returnPage).action).toContain('/cancel');
    // Not the 3-D Secure check's screen (a failure) but the callback screen that says the visitor cancelled.
    expect(await returnToShop(ctx.app, returnPage)).toBe(
      `http://localhost:3000/softbank/#/payment-callback/softbank_3ds/cancel?payment_number=${paymentNumber}&flow=booking`,
    );
    expect((await confirmCheckout(ctx.app, paymentNumber)).statusCode).toBe(402);
    await expectPayAgain(order, slot.spanId);
    expect(await gatewayStatus(order.id)).toEqual(['cancelled']);
    // Recorded as every gateway's cancel is (GMO's wallets, d払い): the attempts' one spelling.
    expect((await paymentsOf(ctx.db, order.id))[0]).toMatchObject({
      status: 'failed',
      failure_code: 'canceled',
    });
  });

  it('a cancel the gateway also notifies (CR) is the same cancel, and answers as other gateways’ cancels', async () => {
    const { slot, order, paymentNumber, page } = await start('softbank_3ds');
    const returnPage = await submitGatewayPage(ctx.app, page, { choice: 'cancel' });
    // The simulator notifies no cancel; a gateway that does signs the result the return form carries.
    expect((await postForm(ctx.app, NOTIFICATION, formOf(returnPage).fields)).body).toBe('OK,');
    expect((await paymentsOf(ctx.db, order.id))[0]).toMatchObject({
      status: 'failed',
      failure_code: 'canceled',
    });
    expect(await returnToShop(ctx.app, returnPage)).toBe(
      `http://localhost:3000/softbank/#/payment-callback/softbank_3ds/cancel?payment_number=${paymentNumber}&flow=booking`,
    );
    // The cancel screen asks for the outcome: pay again, as after a GMO wallet's cancel.
    const result = await ctx.app.inject({
      method: 'GET',
      url: `${SOFTBANK_PATH}/payment-results/${paymentNumber}`,
    });
    expect(result.statusCode).toBe(402);
    expect(result.json()).toMatchObject({
      error: 'payment_api_failure',
      can_retry: true,
      order_token: order.token,
    });
    await expectPayAgain(order, slot.spanId);
  });

  it('a cancel is a cancel whichever of our URLs the browser comes back to: the gateway’s word decides', async () => {
    const { order, paymentNumber, page } = await start('softbank_3ds');
    const returnPage = await submitGatewayPage(ctx.app, page, { choice: 'cancel' });
    const back = formOf(returnPage);
    expect(back.action).toContain('/cancel');
    const res = await postForm(ctx.app, back.action.replace(/\/cancel$/, '/error'), back.fields);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `http://localhost:3000/softbank/#/payment-callback/softbank_3ds/cancel?payment_number=${paymentNumber}&flow=booking`,
    );
    expect((await paymentsOf(ctx.db, order.id))[0]!.failure_code).toBe('canceled');
  });

  it('the browser never comes back: the notification alone reserves', async () => {
    const { slot, order, page } = await start('softbank_3ds');
    await submitGatewayPage(ctx.app, page, card(CARDS.visa));
    await expectReserved(order, slot.spanId);
  });

  it('the notification is lost (time-out card): the return asks the gateway and reserves', async () => {
    const { slot, order, paymentNumber, page } = await start('softbank_3ds');
    const returnPage = await submitGatewayPage(ctx.app, page, card(CARDS.timeout));
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');
    await returnToShop(ctx.app, returnPage);
    expect((await confirmCheckout(ctx.app, paymentNumber)).json()).toMatchObject({ status: 'reserved' });
    await expectReserved(order, slot.spanId);
  });

  it('notification twice, returns twice and confirms racing: applied once', async () => {
    const { slot, order, paymentNumber, page } = await start('softbank_3ds');
    const returnPage = await submitGatewayPage(ctx.app, page, card(CARDS.timeout));
    // The return form carries the same signed result the notification carries.
    const result = formOf(returnPage).fields;
    const answers = await Promise.all([
      postForm(ctx.app, NOTIFICATION, result),
      postForm(ctx.app, NOTIFICATION, result),
      returnToShop(ctx.app, returnPage),
      returnToShop(ctx.app, returnPage),
      confirmCheckout(ctx.app, paymentNumber),
      confirmCheckout(ctx.app, paymentNumber),
    ]);
    expect(answers[0]).toMatchObject({ body: 'OK,' });
    expect(answers[1]).toMatchObject({ body: 'OK,' });
    await expectReserved(order, slot.spanId);
    // One purchase-confirmation mail for this order (earlier tests' mails were queued before it existed).
    const mails = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'purchase_confirmation'
          AND to_address = 'hanako@example.jp' AND created_at >= (SELECT created_at FROM orders WHERE id = ${order.id})`,
    );
    expect(mails.rows[0]!.n).toBe(1);
    const events = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM order_events WHERE order_id = ${order.id} AND to_status = 'reserved'`,
    );
    expect(events.rows[0]!.n).toBe(1);
  });

  it('refuses a forged or altered notification and changes nothing', async () => {
    const { slot, order, page } = await start('softbank_3ds');
    const returnPage = await submitGatewayPage(ctx.app, page, card(CARDS.timeout));
    const genuine = formOf(returnPage).fields;
    const altered = await postForm(ctx.app, NOTIFICATION, { ...genuine, amount: '1' });
    expect(altered.body).toBe('NG,sps_hashcode');
    const wrongKey = signFields({ ...genuine, res_result: 'OK' }, RESULT_FIELDS, 'not-the-merchant-key');
    expect((await postForm(ctx.app, NOTIFICATION, wrongKey)).body).toBe('NG,sps_hashcode');
    const unsigned = { ...genuine };
    delete unsigned.sps_hashcode;
    expect((await postForm(ctx.app, NOTIFICATION, unsigned)).body).toBe('NG,sps_hashcode');
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 2, sold: 0 });
  });

  it('the gateway refuses a purchase request whose hash does not match', async () => {
    const slot = await softbankSlot(ctx.db, 10);
    const order = await readySoftbankOrder(ctx.app, ctx.db, slot, 2);
    const checkout = await checkoutWith(ctx.app, order.token, 'softbank_3ds');
    const handoff = await ctx.app.inject({
      method: 'GET',
      url: new URL(checkout.json<{ redirect_url: string }>().redirect_url).pathname,
    });
    const purchase = formOf(handoff.body);
    const tampered = await postForm(ctx.app, purchase.action, { ...purchase.fields, amount: '1' });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain('hashcode_mismatch');
  });

  it('a payment landing after the order expired is refunded at the gateway', async () => {
    const { slot, order, page } = await start('softbank_3ds');
    await ctx.db.transaction(async (tx) => {
      const moved = await transitionOrders(tx, {
        orders: orderById(order.id),
        to: 'expired',
        reason: 'hold_expired',
      });
      await releaseHolds(tx, moved);
    });
    await submitGatewayPage(ctx.app, page, card(CARDS.visa));
    expect(await orderStatus(ctx.db, order.id)).toBe('expired');
    expect((await paymentsOf(ctx.db, order.id)).map((payment) => payment.status)).toEqual(['refunded']);
    expect(await gatewayStatus(order.id)).toEqual(['refunded']);
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 0 });
  });
});

describe('SoftBank card without 3-D Secure and wallets (softbank_credit, softbank_paypay, softbank_alipay)', () => {
  it('softbank_credit: paid; the return lands on /payment-callback/softbank_credit/success', async () => {
    const { slot, order, paymentNumber, purchase, page } = await start('softbank_credit');
    expect(purchase.fields.pay_method).toBe('credit');
    // The challenge card pays without a challenge on the method without 3-D Secure.
    const returnPage = await submitGatewayPage(ctx.app, page, card(CARDS.challenge));
    const location = await returnToShop(ctx.app, returnPage);
    expect(location).toBe(
      `http://localhost:3000/softbank/#/payment-callback/softbank_credit/success?payment_number=${paymentNumber}&flow=booking`,
    );
    await expectReserved(order, slot.spanId);
  });

  for (const [method, payMethod] of [
    ['softbank_paypay', 'paypay'],
    ['softbank_alipay', 'alipay'],
  ] as const) {
    it(`${method}: approve pays once even when the browser returns twice`, async () => {
      const { slot, order, paymentNumber, purchase, page } = await start(method);
      expect(purchase.fields.pay_method).toBe(payMethod);
      const returnPage = await submitGatewayPage(ctx.app, page, { choice: 'approve' });
      const [first, second] = await Promise.all([
        returnToShop(ctx.app, returnPage),
        returnToShop(ctx.app, returnPage),
      ]);
      expect(first).toBe(second);
      expect(first).toContain(`#/payment-callback/${method}/success?payment_number=${paymentNumber}`);
      await expectReserved(order, slot.spanId);
    });

    it(`${method}: decline and cancel charge nothing and let the visitor pay again`, async () => {
      const declined = await start(method);
      const declinedPage = await submitGatewayPage(ctx.app, declined.page, { choice: 'decline' });
      expect(await returnToShop(ctx.app, declinedPage)).toContain(`#/payment-callback/${method}/error?`);
      await expectPayAgain(declined.order, declined.slot.spanId);

      const cancelled = await start(method);
      const cancelledPage = await submitGatewayPage(ctx.app, cancelled.page, { choice: 'cancel' });
      expect(await returnToShop(ctx.app, cancelledPage)).toContain(`#/payment-callback/${method}/cancel?`);
      await expectPayAgain(cancelled.order, cancelled.slot.spanId);
      expect((await paymentsOf(ctx.db, cancelled.order.id))[0]!.status).toBe('failed');
    });
  }
});

describe('SoftBank 3-D Secure for a change of date’s top-up (ADR 029)', () => {
  const DAY = 24 * 3600 * 1000;
  const inDays = (days: number) => new Date(Math.floor(Date.now() / DAY) * DAY + days * DAY + 3 * 3600_000);

  /** A date-changeable SOFTBANK product of group `group` priced `prices`, with one slot `days` away. */
  async function changeable(prices: number[], days: number, group: string) {
    const product = await createProduct(ctx.db, { site: 'SOFTBANK', prices });
    await ctx.db.execute(sql`
      UPDATE products SET date_changeable = true, date_change_until_minutes = 60, date_change_group = ${group}
      WHERE id = ${product.id}`);
    return {
      ...product,
      spanId: await createTimeSpan(ctx.db, { productId: product.id, capacity: 10, startsAt: inDays(days) }),
    };
  }

  it('a failed check answers the time-change fields; a passed one confirmed by confirmcheckout completes the change', async () => {
    const cheap = await changeable([3000, 1000], 5, 'sbps-change');
    const dear = await changeable([5000, 2000], 12, 'sbps-change');
    // The purchase, paid on SoftBank's card page.
    const order = await readySoftbankOrder(ctx.app, ctx.db, cheap, 1);
    const bought = await openGateway(ctx.app, order.token, 'softbank_credit');
    await returnToShop(ctx.app, await submitGatewayPage(ctx.app, bought.page, card(CARDS.visa)));
    const { rows: reserved } = await ctx.db.execute<{ reservation_token: string }>(
      sql`SELECT reservation_token FROM reservations WHERE order_id = ${order.id}`,
    );
    const token = reserved[0]!.reservation_token;

    const created = await ctx.app.inject({
      method: 'POST',
      url: `${SOFTBANK_PATH}/timechanges/${token}`,
      headers: xsrfHeaders(),
      payload: { time_span_id: dear.spanId, lang: 'en' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const change = created.json<{ timechange_token: string }>().timechange_token;
    const { rows: changeRows } = await ctx.db.execute<{ order_id: number; order_token: string }>(sql`
      SELECT tc.order_id, o.order_token FROM time_changes tc JOIN orders o ON o.id = tc.order_id
      WHERE tc.timechange_token = ${change}`);
    const topUpOrder = { id: Number(changeRows[0]!.order_id), token: changeRows[0]!.order_token };
    const topUp = () =>
      ctx.app
        .inject({
          method: 'POST',
          url: `${SOFTBANK_PATH}/timechanges/${token}/${change}/checkout`,
          headers: xsrfHeaders(),
          payload: { payment_method_type: 'softbank_3ds' },
        })
        .then((res) => followCheckout(ctx.app, res));

    // Failed: back to the change's own payment page (spec §4), as GMO's 3-D Secure return answers.
    const first = await topUp();
    const challenge = await submitGatewayPage(ctx.app, first.page, card(CARDS.challenge));
    const failedPage = await submitGatewayPage(ctx.app, challenge, { answer: 'fail' });
    expect(await returnToShop(ctx.app, failedPage)).toContain('#/payment-callback/sbps3ds?');
    const failed = await confirmCheckout(ctx.app, first.paymentNumber);
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toEqual({
      error: 'payment_api_failure',
      can_retry: true,
      order_token: topUpOrder.token,
      is_time_change: true,
      flow: 'change_date',
      old_reservation_token: token,
      time_change_token: change,
      sales_channel: 'web',
    });

    // Passed, its notification held back: the return and confirmcheckout complete the change themselves.
    const second = await topUp();
    await submitGatewayPage(ctx.app, second.page, card(CARDS.challenge));
    const { rows: tracking } = await ctx.db.execute<{ tracking_id: string }>(sql`
      SELECT g.tracking_id FROM gateway_sim.sbps_transactions g
      JOIN payments p ON p.idempotency_key = g.order_id WHERE p.payment_number = ${second.paymentNumber}`);
    const passed = await createSbpsSimulator(ctx.db).answerChallenge(tracking[0]!.tracking_id, true);
    const back = await postForm(ctx.app, passed.returnUrl, passed.returnFields);
    expect(back.headers.location).toBe(
      `http://localhost:3000/softbank/#/payment-callback/sbps3ds?payment_number=${second.paymentNumber}&flow=change_date`,
    );
    const confirmed = await confirmCheckout(ctx.app, second.paymentNumber);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'reserved', reservation_token: token });
    // The late notification changes nothing.
    expect((await postForm(ctx.app, NOTIFICATION, passed.notification!.fields)).body).toBe('OK,');

    const { rows: done } = await ctx.db.execute<{ status: string }>(
      sql`SELECT status FROM time_changes WHERE timechange_token = ${change}`,
    );
    expect(done[0]!.status).toBe('done');
    expect(await orderStatus(ctx.db, order.id)).toBe('changed');
    expect(await orderStatus(ctx.db, topUpOrder.id)).toBe('reserved');
    expect(await stockOf(ctx.db, cheap.spanId)).toEqual({ held: 0, sold: 0 });
    expect(await stockOf(ctx.db, dear.spanId)).toEqual({ held: 0, sold: 1 });
    expect(
      (await paymentsOf(ctx.db, topUpOrder.id)).map((payment) => [payment.status, payment.amount]),
    ).toEqual([
      ['failed', 2000],
      ['confirmed', 2000],
    ]);
    const { rows: moved } = await ctx.db.execute<{ order_id: number }>(
      sql`SELECT order_id FROM reservations WHERE reservation_token = ${token}`,
    );
    expect(Number(moved[0]!.order_id)).toBe(topUpOrder.id);
    const { rows: mails } = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'date_changed'
      AND created_at >= (SELECT created_at FROM orders WHERE id = ${topUpOrder.id})`);
    expect(mails[0]!.n).toBe(1);
  });
});
