import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_SIMULATOR_KEYS } from '@kippu/contract/gateway-simulator';
import { STRIPE_TEST_CARDS } from '@kippu/contract/stripe-test-cards';
import { stripeSimulatorAccountOf } from '@kippu/gateway-simulator';
import { setupTestApp, type TestContext } from '../../../test/helper.ts';
import { productWithSlot } from '../../../test/order-support.ts';
import { orderStatus, paymentsOf, postCheckout, readyOrder } from '../../../test/checkout-support.ts';
import {
  answerChallenge,
  deliverWebhook,
  offerMethod,
  ownAccount,
  paymentIntent,
  setSiteStripe,
  stripePaymentMethod,
} from '../../../test/stripe-support.ts';
import { reconcilePendingAttempts } from '../../domain/checkout/reconcile-payments.ts';
import { cancelTickets } from '../../domain/refunds/cancel-tickets.ts';
import { cancelInput } from '../../domain/refunds/refund-test-support.ts';
import { findReturnedAttempt } from '../returns/settle-gateway-return.ts';
import { STRIPE_PATHS } from './stripe-paths.ts';
import { STRIPE_ACCOUNT_NOT_CONFIGURED } from './stripe-provider.ts';

/**
 * A Stripe payment stays with the account it was made in (ADR 127): the attempt stores that account's id
 * before its PaymentIntent is created, and its status, 3-D Secure completion, webhooks and refunds go there
 * after the venue changes accounts, while a key of that account is configured; without one, a refund fails
 * with a code staff read and nothing is asked of another account. The simulator is one account per secret
 * key (GET /v1/account answers the key's), so a call in the wrong account finds no PaymentIntent.
 */

const FIRST = {
  publishableKey: 'pk_test_demo_first_account_127',
  secretKey: 'sk_test_demo_first_account_127',
  webhookSecret: 'whsec_demo_first_account_127',
};
const SECOND = {
  publishableKey: 'pk_test_demo_second_account_127',
  secretKey: 'sk_test_demo_second_account_127',
  webhookSecret: 'whsec_demo_second_account_127',
};

async function payOnDemo(ctx: TestContext, method: 'stripe' | 'stripe_secure') {
  const slot = await productWithSlot(ctx.db, 10);
  const order = await readyOrder(ctx.app, ctx.db, slot, 1);
  const res = await postCheckout(ctx.app, order.token, {
    payment_method_type: method,
    token: await stripePaymentMethod(ctx.app, STRIPE_TEST_CARDS.success),
    masked_card_number: `************${STRIPE_TEST_CARDS.success.slice(-4)}`,
  });
  expect(res.statusCode).toBe(200);
  const [payment] = await paymentsOf(ctx.db, order.id);
  return { order, res, payment: payment! };
}

async function storedAccount(ctx: TestContext, paymentId: number) {
  const { rows } = await ctx.db.execute<{ provider_account: string | null }>(
    sql`SELECT provider_account FROM payments WHERE id = ${paymentId}`,
  );
  return rows[0]!.provider_account;
}

/** What the simulated Stripe gave back of a PaymentIntent, and in how many refunds. */
async function refundedAtStripe(ctx: TestContext, intentId: string) {
  const { rows } = await ctx.db.execute<{ amount_refunded: string; refunds: string }>(sql`
    SELECT amount_refunded,
           (SELECT count(*) FROM gateway_sim.stripe_refunds r WHERE r.payment_intent = i.id) AS refunds
    FROM gateway_sim.stripe_payment_intents i WHERE id = ${intentId}`);
  return { amount: Number(rows[0]!.amount_refunded), refunds: Number(rows[0]!.refunds) };
}

describe('a Stripe payment stays with the account it was made in (ADR 127)', () => {
  const ctx = setupTestApp();
  const deps = () => ({ payments: ctx.app.payments, env: ctx.env });
  beforeAll(async () => {
    await offerMethod(ctx.db, 'stripe_secure');
  });

  it('stores the account id (never a key) and refunds there after the venue moves to a new account of its own', async () => {
    await setSiteStripe(ctx, 'DEMO', FIRST.publishableKey, ownAccount(FIRST));
    const first = await payOnDemo(ctx, 'stripe');
    expect(first.res.json()).toMatchObject({ status: 'reserved' });
    expect(await storedAccount(ctx, first.payment.id)).toBe(stripeSimulatorAccountOf(FIRST.secretKey));

    // The venue's new account; the first one's key kept as the previous one while its payments are refundable.
    await setSiteStripe(ctx, 'DEMO', SECOND.publishableKey, {
      ...ownAccount(SECOND),
      stripe_previous_secret_key: FIRST.secretKey,
    });
    const second = await payOnDemo(ctx, 'stripe');
    expect(await storedAccount(ctx, second.payment.id)).toBe(stripeSimulatorAccountOf(SECOND.secretKey));

    const refund = await cancelTickets(ctx.db, deps(), cancelInput(first.order.id));
    expect(refund).toMatchObject({ status: 'succeeded', amount: first.payment.amount });
    expect(await refundedAtStripe(ctx, first.payment.provider_reference!)).toEqual({
      amount: first.payment.amount,
      refunds: 1,
    });
  });

  it("after a move to the environment's account the site's own key still refunds its payments", async () => {
    await setSiteStripe(ctx, 'DEMO', FIRST.publishableKey, ownAccount(FIRST));
    const { order, payment } = await payOnDemo(ctx, 'stripe');
    // No own publishable key any more; the secret key is left behind (ADR 125: not an account by itself).
    await setSiteStripe(ctx, 'DEMO', null, { stripe_secret_key: FIRST.secretKey });
    const next = await payOnDemo(ctx, 'stripe');
    expect(await storedAccount(ctx, next.payment.id)).toBe(
      stripeSimulatorAccountOf(STRIPE_SIMULATOR_KEYS.secretKey),
    );

    expect(await cancelTickets(ctx.db, deps(), cancelInput(order.id))).toMatchObject({ status: 'succeeded' });
    expect((await refundedAtStripe(ctx, payment.provider_reference!)).amount).toBe(payment.amount);
  });

  it('with the first account’s key removed the refund fails, recorded with a reason staff read; nothing is sent elsewhere', async () => {
    await setSiteStripe(ctx, 'DEMO', FIRST.publishableKey, ownAccount(FIRST));
    const { order, payment } = await payOnDemo(ctx, 'stripe');
    await setSiteStripe(ctx, 'DEMO', SECOND.publishableKey, ownAccount(SECOND));

    const refund = await cancelTickets(ctx.db, deps(), cancelInput(order.id));
    expect(refund).toMatchObject({ status: 'failed' });
    // What the console's order page shows (the refunds table's failure code), and the order flagged for staff.
    const { rows } = await ctx.db.execute<{ status: string; failure_code: string | null }>(
      sql`SELECT status, failure_code FROM refunds WHERE order_id = ${order.id}`,
    );
    expect(rows).toEqual([{ status: 'failed', failure_code: STRIPE_ACCOUNT_NOT_CONFIGURED }]);
    const { rows: flags } = await ctx.db.execute<{ staff_attention_reason: string | null }>(
      sql`SELECT staff_attention_reason FROM orders WHERE id = ${order.id}`,
    );
    expect(flags[0]!.staff_attention_reason).toBe(`refund_failed:${STRIPE_ACCOUNT_NOT_CONFIGURED}`);
    expect(await refundedAtStripe(ctx, payment.provider_reference!)).toEqual({ amount: 0, refunds: 0 });
    const { rows: payments } = await ctx.db.execute<{ status: string }>(
      sql`SELECT status FROM payments WHERE id = ${payment.id}`,
    );
    expect(payments[0]!.status).toBe('confirmed');
  });

  /** A 3-D Secure payment of the first account, authenticated at the issuer, its return never arriving. */
  async function pendingInFirstAccount() {
    await setSiteStripe(ctx, 'DEMO', FIRST.publishableKey, ownAccount(FIRST));
    const { order, res, payment } = await payOnDemo(ctx, 'stripe_secure');
    await answerChallenge(ctx.app, res.json<{ redirect_url: string }>().redirect_url, true);
    expect((await paymentsOf(ctx.db, order.id))[0]).toMatchObject({ status: 'pending' });
    // Past the reconciler's wait (RECONCILE_AFTER_MINUTES).
    await ctx.db.execute(sql`
      UPDATE payments SET created_at = now() - interval '30 minutes' WHERE id = ${payment.id}`);
    return { order, payment };
  }

  it('the reconciler asks about a pending payment in the account it was made in', async () => {
    const { order, payment } = await pendingInFirstAccount();
    // The venue's new account, the first kept as the previous one.
    await setSiteStripe(ctx, 'DEMO', SECOND.publishableKey, {
      ...ownAccount(SECOND),
      stripe_previous_secret_key: FIRST.secretKey,
    });
    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    expect((await paymentsOf(ctx.db, order.id))[0]).toMatchObject({ id: payment.id, status: 'confirmed' });
    expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
  });

  it('the reconciler never reads a payment of a removed account as unknown to Stripe: it stays pending, the reason recorded', async () => {
    const { order, payment } = await pendingInFirstAccount();
    await setSiteStripe(ctx, 'DEMO', SECOND.publishableKey, ownAccount(SECOND));
    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    expect((await paymentsOf(ctx.db, order.id))[0]).toMatchObject({ id: payment.id, status: 'pending' });
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');
    const { rows } = await ctx.db.execute<{
      provider_events: { call: string; result: { error?: string } }[];
    }>(sql`SELECT provider_events FROM payments WHERE id = ${payment.id}`);
    const last = rows[0]!.provider_events.at(-1)!;
    expect(last.call).toBe('reconciliation');
    expect(last.result.error).toContain(stripeSimulatorAccountOf(FIRST.secretKey));
    expect(last.result.error).not.toMatch(/sk_test|whsec_/);
  });

  it("the site's webhook verifies an event of its previous account and settles it there", async () => {
    const { order, payment } = await pendingInFirstAccount();
    await setSiteStripe(ctx, 'DEMO', SECOND.publishableKey, {
      ...ownAccount(SECOND),
      stripe_previous_secret_key: FIRST.secretKey,
      stripe_previous_webhook_secret: FIRST.webhookSecret,
    });
    const intent = await paymentIntent(ctx.app, payment.provider_reference!, FIRST.secretKey);
    const hook = await deliverWebhook(
      ctx.app,
      'payment_intent.succeeded',
      intent,
      FIRST.webhookSecret,
      `${STRIPE_PATHS.webhook}/DEMO`,
    );
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ received: true, settled: true });
    expect(await orderStatus(ctx.db, order.id)).toBe('reserved');

    // A secret the site does not hold is still refused.
    const forged = await deliverWebhook(
      ctx.app,
      'payment_intent.succeeded',
      intent,
      'whsec_nobody_127',
      `${STRIPE_PATHS.webhook}/DEMO`,
    );
    expect(forged.statusCode).toBe(400);
  });

  it('a payment from before migration 1201 (no account stored) keeps the site’s current account', async () => {
    await setSiteStripe(ctx, 'DEMO', FIRST.publishableKey, ownAccount(FIRST));
    const { payment } = await payOnDemo(ctx, 'stripe');
    await ctx.db.execute(sql`UPDATE payments SET provider_account = NULL WHERE id = ${payment.id}`);
    const provider = ctx.app.checkoutDeps.payments.providerFor('stripe')!;
    const attempt = (await findReturnedAttempt(ctx.db, { providerReference: payment.provider_reference! }))!;
    expect(attempt.providerAccount).toBeNull();
    expect(await provider.status(attempt)).toBe('confirmed');
    // Moved to another account, it is asked there, as before ADR 127.
    await setSiteStripe(ctx, 'DEMO', SECOND.publishableKey, {
      ...ownAccount(SECOND),
      stripe_previous_secret_key: FIRST.secretKey,
    });
    expect(await provider.status(attempt)).toBe('not_found');
  });

  it('refuses to store a key in place of an account', async () => {
    const refused = await ctx.db
      .execute(
        sql`UPDATE payments SET provider_account = ${FIRST.secretKey} WHERE id = (
        SELECT max(id) FROM payments)`,
      )
      .then(
        () => undefined,
        (error: { cause?: { constraint?: string } }) => error,
      );
    expect(refused?.cause?.constraint).toBe('payments_provider_account_not_a_key');
  });
});
