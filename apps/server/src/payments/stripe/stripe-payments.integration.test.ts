import { STRIPE_TEST_CARDS } from '@kippu/contract/stripe-test-cards';
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
import {
  answerChallenge,
  browserReturn,
  deliverWebhook,
  offerMethod,
  paymentIntent,
  stripeCharges,
  stripePaymentMethod,
} from '../../../test/stripe-support.ts';
import { settleAttempt } from '../../domain/checkout/settle-attempt.ts';
import { orderById, transitionOrders } from '../../domain/orders/order-state.ts';
import { releaseHolds } from '../../domain/order-release/release-holds.ts';
import { createPaymentRegistry, PAYMENT_FAMILIES } from '../families.ts';
import { findReturnedAttempt } from '../returns/settle-gateway-return.ts';

const ctx = setupTestApp();

/** Every attempt's key of an order (the PaymentIntents' metadata). */
async function keysOf(orderId: number): Promise<string[]> {
  const { rows } = await ctx.db.execute<{ idempotency_key: string }>(
    sql`SELECT idempotency_key FROM payments WHERE order_id = ${orderId} ORDER BY id`,
  );
  return rows.map((row) => row.idempotency_key);
}

/** Successful charges across all of an order's attempts. */
async function chargesOf(orderId: number) {
  let succeeded = 0;
  let refunded = 0;
  for (const key of await keysOf(orderId)) {
    const charges = await stripeCharges(ctx.db, key);
    succeeded += charges.succeeded;
    refunded += charges.refunded;
  }
  return { succeeded, refunded };
}

async function checkoutWith(orderToken: string, method: string, card: string) {
  return postCheckout(ctx.app, orderToken, {
    payment_method_type: method,
    token: await stripePaymentMethod(ctx.app, card),
    masked_card_number: `************${card.slice(-4)}`,
  });
}

async function reservationCount(orderId: number): Promise<number> {
  const { rows } = await ctx.db.execute(sql`SELECT 1 FROM reservations WHERE order_id = ${orderId}`);
  return rows.length;
}

/** A ready order of 2 tickets on a fresh slot of 10. */
async function freshOrder(): Promise<{ slot: Slot; order: { token: string; id: number } }> {
  const slot = await productWithSlot(ctx.db, 10);
  return { slot, order: await readyOrder(ctx.app, ctx.db, slot, 2) };
}

/** Ends exactly reserved: one charge, one reservation, the 2 tickets sold. */
async function expectReservedOnce(slot: Slot, order: { id: number }) {
  expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
  expect(await reservationCount(order.id)).toBe(1);
  expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 2 });
  expect(await chargesOf(order.id)).toEqual({ succeeded: 1, refunded: 0 });
  const payments = await paymentsOf(ctx.db, order.id);
  expect(payments.filter((payment) => payment.status === 'confirmed')).toHaveLength(1);
}

/** Ends with nothing taken: no charge, no reservation, the hold still there for another try. */
async function expectNothingTaken(slot: Slot, order: { id: number }) {
  expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
  expect(await reservationCount(order.id)).toBe(0);
  expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 2, sold: 0 });
  expect((await chargesOf(order.id)).succeeded).toBe(0);
}

beforeAll(async () => {
  await offerMethod(ctx.db, 'stripe_secure');
});

describe('Stripe cards through the stripe SDK and the simulator (ADR 028)', () => {
  it('stripe: a card without 3-D Secure is charged once and the order reserved', async () => {
    const { slot, order } = await freshOrder();
    const res = await checkoutWith(order.token, 'stripe', STRIPE_TEST_CARDS.success);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'reserved' });
    await expectReservedOnce(slot, order);
    const [payment] = await paymentsOf(ctx.db, order.id);
    expect(payment).toMatchObject({
      method: 'stripe',
      status: 'confirmed',
      masked_card_number: '************4242',
    });
    expect(payment!.provider_reference).toMatch(/^pi_/);
  });

  it.each([
    ['decline', STRIPE_TEST_CARDS.decline, 'generic_decline'],
    ['insufficient funds', STRIPE_TEST_CARDS.insufficientFunds, 'insufficient_funds'],
    ['expired card', STRIPE_TEST_CARDS.expiredCard, 'expired_card'],
  ])(
    'stripe: %s answers payment_api_failure, takes nothing, and the visitor can pay again',
    async (_name, card, code) => {
      const { slot, order } = await freshOrder();
      const res = await checkoutWith(order.token, 'stripe', card);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ error: 'payment_api_failure' });
      await expectNothingTaken(slot, order);
      expect(await paymentsOf(ctx.db, order.id)).toMatchObject([{ status: 'failed', failure_code: code }]);

      const again = await checkoutWith(order.token, 'stripe', STRIPE_TEST_CARDS.success);
      expect(again.json()).toMatchObject({ status: 'reserved' });
      await expectReservedOnce(slot, order);
    },
  );

  it('stripe: a card that requires 3-D Secure is challenged even without stripe_secure', async () => {
    const { order } = await freshOrder();
    const res = await checkoutWith(order.token, 'stripe', STRIPE_TEST_CARDS.challenge);
    expect(res.json()).toMatchObject({ status: 'redirect' });
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');
  });

  it('stripe_secure: 3-D Secure failed, then a retry passes: one charge, one reservation', async () => {
    const { slot, order } = await freshOrder();
    const first = await checkoutWith(order.token, 'stripe_secure', STRIPE_TEST_CARDS.success);
    expect(first.statusCode).toBe(200);
    const redirect = first.json<{ status: string; redirect_url: string; payment_number: string }>();
    expect(redirect.status).toBe('redirect');
    expect(redirect.redirect_url).toContain('/simulator/stripe/3ds/pi_');

    const failedReturn = await answerChallenge(ctx.app, redirect.redirect_url, false);
    expect(failedReturn).toContain(`/payment-return/stripe/${redirect.payment_number}?payment_intent=pi_`);
    const back = await browserReturn(ctx.app, failedReturn);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toMatch(
      /\/demo\/#\/payment-callback\/stripe_secure\/failure\?payment_intent=pi_/,
    );
    await expectNothingTaken(slot, order);
    expect(await paymentsOf(ctx.db, order.id)).toMatchObject([
      { status: 'failed', failure_code: 'payment_intent_authentication_failure' },
    ]);

    const second = await checkoutWith(order.token, 'stripe_secure', STRIPE_TEST_CARDS.success);
    const retry = second.json<{ redirect_url: string }>();
    const passedReturn = await answerChallenge(ctx.app, retry.redirect_url, true);
    const done = await browserReturn(ctx.app, passedReturn);
    expect(done.headers.location).toMatch(/#\/payment-callback\/stripe_secure\/success\?payment_intent=pi_/);
    await expectReservedOnce(slot, order);
    // The confirm call after the return (checkout again) answers the same reservation.
    const answer = await postCheckout(ctx.app, order.token, { payment_method_type: 'stripe_secure' });
    expect(answer.json()).toMatchObject({ status: 'reserved' });
  });

  it('the browser return is lost but the signed webhook arrives: reserved once; a late return changes nothing', async () => {
    const { slot, order } = await freshOrder();
    const res = await checkoutWith(order.token, 'stripe_secure', STRIPE_TEST_CARDS.success);
    const returnUrl = await answerChallenge(ctx.app, res.json<{ redirect_url: string }>().redirect_url, true);
    const intentId = new URL(returnUrl).searchParams.get('payment_intent')!;
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');

    const hook = await deliverWebhook(
      ctx.app,
      'payment_intent.succeeded',
      await paymentIntent(ctx.app, intentId),
    );
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ received: true, settled: true });
    await expectReservedOnce(slot, order);

    const late = await browserReturn(ctx.app, returnUrl);
    expect(late.headers.location).toContain('/payment-callback/stripe_secure/success');
    await expectReservedOnce(slot, order);
  });

  it('confirmcheckout by payment_intent_id settles a passed challenge and answers the reservation twice', async () => {
    const { slot, order } = await freshOrder();
    const res = await checkoutWith(order.token, 'stripe_secure', STRIPE_TEST_CARDS.success);
    const returnUrl = await answerChallenge(ctx.app, res.json<{ redirect_url: string }>().redirect_url, true);
    const intentId = new URL(returnUrl).searchParams.get('payment_intent')!;
    const confirm = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/demo/api/v1/orders/confirmcheckout',
        headers: xsrfHeaders(),
        payload: { payment_intent_id: intentId },
      });
    const [first, second] = await Promise.all([confirm(), confirm()]);
    expect(first.json()).toMatchObject({ status: 'reserved' });
    expect(second.json()).toEqual(first.json());
    await expectReservedOnce(slot, order);
  });

  it('the same webhook twice and the browser returning twice, all at once: applied once', async () => {
    const { slot, order } = await freshOrder();
    const res = await checkoutWith(order.token, 'stripe_secure', STRIPE_TEST_CARDS.success);
    const returnUrl = await answerChallenge(ctx.app, res.json<{ redirect_url: string }>().redirect_url, true);
    const intent = await paymentIntent(ctx.app, new URL(returnUrl).searchParams.get('payment_intent')!);
    const other = await ctx.anotherApp();

    const answers = await Promise.all([
      deliverWebhook(ctx.app, 'payment_intent.succeeded', intent),
      deliverWebhook(other, 'payment_intent.succeeded', intent),
      browserReturn(ctx.app, returnUrl),
      browserReturn(other, returnUrl),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 303, 303]);
    await expectReservedOnce(slot, order);
  });

  it('a webhook with a bad signature is refused and changes nothing', async () => {
    const { order } = await freshOrder();
    const res = await checkoutWith(order.token, 'stripe_secure', STRIPE_TEST_CARDS.success);
    const returnUrl = await answerChallenge(ctx.app, res.json<{ redirect_url: string }>().redirect_url, true);
    const intent = await paymentIntent(ctx.app, new URL(returnUrl).searchParams.get('payment_intent')!);

    const forged = await deliverWebhook(ctx.app, 'payment_intent.succeeded', intent, 'whsec_not_the_secret');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: 'invalid request' });
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/payment-webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'payment_intent.succeeded', data: { object: intent } }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');
  });

  it('a return naming another PaymentIntent than the attempt’s is refused', async () => {
    const { order } = await freshOrder();
    const res = await checkoutWith(order.token, 'stripe_secure', STRIPE_TEST_CARDS.success);
    const { payment_number: number } = res.json<{ payment_number: string }>();
    const stray = await ctx.app.inject({
      method: 'GET',
      url: `/payment-return/stripe/${number}?payment_intent=pi_0123456789abcdef`,
    });
    expect(stray.statusCode).toBe(400);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/payment-return/stripe/nosuchpaymentnumber?payment_intent=pi_0123456789abcdef`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');
  });

  it('the API answer is lost (time-out): the PaymentIntent is found by our key and the order reserved', async () => {
    const { slot, order } = await freshOrder();
    const res = await checkoutWith(order.token, 'stripe', STRIPE_TEST_CARDS.timeout);
    expect(res.json()).toMatchObject({ status: 'reserved' });
    await expectReservedOnce(slot, order);
  });

  it('ten concurrent checkouts across two servers create one PaymentIntent and one reservation', async () => {
    const { slot, order } = await freshOrder();
    const token = await stripePaymentMethod(ctx.app, STRIPE_TEST_CARDS.success);
    const other = await ctx.anotherApp();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        postCheckout(index % 2 ? other : ctx.app, order.token, { payment_method_type: 'stripe', token }),
      ),
    );
    const reservations = new Set(
      answers.map((answer) => answer.json<{ reservation_number: string }>().reservation_number),
    );
    expect(reservations.size).toBe(1);
    await expectReservedOnce(slot, order);
    const { rows } = await ctx.db.execute(sql`
      SELECT 1 FROM gateway_sim.stripe_payment_intents i JOIN payments p ON p.idempotency_key = i.metadata ->> 'kippu_payment'
      WHERE p.order_id = ${order.id}`);
    expect(rows).toHaveLength(1);
  });
});

describe('a Stripe payment that completes after its order expired', () => {
  async function expireAfterChallenge(card: string) {
    const { slot, order } = await freshOrder();
    const res = await checkoutWith(order.token, 'stripe_secure', card);
    const returnUrl = await answerChallenge(ctx.app, res.json<{ redirect_url: string }>().redirect_url, true);
    await ctx.db.transaction(async (tx) => {
      const moved = await transitionOrders(tx, {
        orders: orderById(order.id),
        to: 'expired',
        reason: 'hold_expired',
      });
      await releaseHolds(tx, moved);
    });
    return { slot, order, returnUrl };
  }

  it('is refunded at Stripe and recorded; nothing is sold', async () => {
    const { slot, order, returnUrl } = await expireAfterChallenge(STRIPE_TEST_CARDS.success);
    const back = await browserReturn(ctx.app, returnUrl);
    expect(back.headers.location).toContain('/payment-callback/stripe_secure/failure');
    expect(await paymentsOf(ctx.db, order.id)).toMatchObject([
      { status: 'refunded', refund_failed_at: null },
    ]);
    expect(await chargesOf(order.id)).toEqual({ succeeded: 1, refunded: 1 });
    expect(await reservationCount(order.id)).toBe(0);
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 0 });
  });

  it('a refund Stripe refuses is flagged for staff (critical refund error)', async () => {
    const { order, returnUrl } = await expireAfterChallenge(STRIPE_TEST_CARDS.refundFails);
    await browserReturn(ctx.app, returnUrl);
    const [payment] = await paymentsOf(ctx.db, order.id);
    expect(payment).toMatchObject({ status: 'confirmed' });
    expect(payment!.refund_failed_at).not.toBeNull();
    expect(await chargesOf(order.id)).toEqual({ succeeded: 1, refunded: 0 });
    // A settle of the same outcome again (a webhook) does not refund twice or unflag.
    const registry = createPaymentRegistry(PAYMENT_FAMILIES, { db: ctx.db, env: ctx.env, log: ctx.app.log });
    const attempt = (await findReturnedAttempt(ctx.db, { providerReference: payment!.provider_reference! }))!;
    await settleAttempt(
      { db: ctx.db, env: ctx.env, log: { error: () => {} }, orderPaid: ctx.app.checkoutDeps.orderPaid },
      registry.providerFor('stripe_secure')!,
      attempt,
      { kind: 'done', providerReference: null, events: [] },
    );
    expect((await paymentsOf(ctx.db, order.id))[0]!.refund_failed_at).not.toBeNull();
  });
});
