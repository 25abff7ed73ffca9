import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STRIPE_SIMULATOR_KEYS } from '@kippu/contract/gateway-simulator';
import { STRIPE_TEST_CARDS } from '@kippu/contract/stripe-test-cards';
import { createStripeSimulator, simulatorFetch } from '@kippu/gateway-simulator';
import { setupTestApp } from '../../../test/helper.ts';
import { GatewayUnavailableError, type PaymentAttempt } from '../../domain/payments/payment-provider.ts';
import { createStripeCardProvider, stripeClient } from './stripe-provider.ts';

const ctx = setupTestApp();

/**
 * Stripe refunds by amount (ADR 077) through the SDK against the simulator's Stripe API in process: the
 * Refunds API with our refund key as the Idempotency-Key.
 */
describe('Stripe refunds', () => {
  function stripeOnSimulator() {
    const answered = simulatorFetch(
      createStripeSimulator(ctx.db, { challengeBaseUrl: 'http://127.0.0.1/3ds' }),
    );
    const refundCalls: string[] = [];
    let loseNextRefund = false;
    const fetcher: typeof fetch = async (input, init) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
      if (url.pathname !== '/v1/refunds') return answered(input, init);
      refundCalls.push(new Headers(init?.headers).get('idempotency-key') ?? '');
      const response = await answered(input, init);
      if (loseNextRefund) {
        loseNextRefund = false;
        // Stripe refunded; its answer never arrives.
        throw new TypeError('fetch failed: socket hang up');
      }
      return response;
    };
    const stripe = stripeClient(STRIPE_SIMULATOR_KEYS.secretKey, { timeoutMs: 5000, fetch: fetcher });
    const provider = createStripeCardProvider({
      clientOf: async () => stripe,
      threeDSecure: false,
      returnUrl: (attempt) => `http://localhost/payment-return/stripe/${attempt.paymentNumber}`,
      scriptUrl: '/simulator/stripe/v3',
      publishableKey: STRIPE_SIMULATOR_KEYS.publishableKey,
      testMode: true,
    });
    return { stripe, provider, refundCalls, loseNextRefund: () => (loseNextRefund = true) };
  }

  let keys = 0;
  /** A ¥3,000 PaymentIntent that succeeded at the simulator. */
  async function paid(gateway: ReturnType<typeof stripeOnSimulator>): Promise<PaymentAttempt> {
    keys += 1;
    const key = `stripe-refund-${keys}-${Date.now()}`;
    const attempt: PaymentAttempt = {
      id: 1,
      method: 'stripe',
      siteCode: 'DEMO',
      amount: 3000,
      currency: 'JPY',
      paymentNumber: `number-${key}`,
      idempotencyKey: key,
      providerReference: null,
    };
    const method = await gateway.stripe.paymentMethods.create({
      type: 'card',
      card: { number: STRIPE_TEST_CARDS.success, exp_month: 12, exp_year: 2030, cvc: '123' } as never,
    });
    const outcome = await gateway.provider.start(attempt, { token: method.id });
    expect(outcome.kind).toBe('done');
    return { ...attempt, providerReference: outcome.providerReference };
  }

  async function refundedAtStripe(attempt: PaymentAttempt) {
    const { rows } = await ctx.db.execute<{ amount_refunded: string; refunds: number }>(sql`
      SELECT amount_refunded,
             (SELECT count(*)::int FROM gateway_sim.stripe_refunds r WHERE r.payment_intent = i.id) AS refunds
      FROM gateway_sim.stripe_payment_intents i WHERE id = ${attempt.providerReference}`);
    return { amount: Number(rows[0]!.amount_refunded), refunds: rows[0]!.refunds };
  }

  it('gives all of it back', async () => {
    const gateway = stripeOnSimulator();
    const attempt = await paid(gateway);
    const outcome = await gateway.provider.refund(attempt, {
      amount: 3000,
      refundKey: `${attempt.idempotencyKey}-all`,
    });
    expect(outcome).toMatchObject({ kind: 'refunded', providerReference: expect.stringMatching(/^re_/) });
    expect(await refundedAtStripe(attempt)).toEqual({ amount: 3000, refunds: 1 });
  });

  it('gives a part back, then the rest, each under its own key', async () => {
    const gateway = stripeOnSimulator();
    const attempt = await paid(gateway);
    await gateway.provider.refund(attempt, { amount: 1200, refundKey: `${attempt.idempotencyKey}-a` });
    expect(await refundedAtStripe(attempt)).toEqual({ amount: 1200, refunds: 1 });
    await gateway.provider.refund(attempt, { amount: 1800, refundKey: `${attempt.idempotencyKey}-b` });
    expect(await refundedAtStripe(attempt)).toEqual({ amount: 3000, refunds: 2 });
    expect(gateway.refundCalls).toEqual([`${attempt.idempotencyKey}-a`, `${attempt.idempotencyKey}-b`]);
  });

  it('refuses more than remains (amount_too_large), nothing given back', async () => {
    const gateway = stripeOnSimulator();
    const attempt = await paid(gateway);
    await gateway.provider.refund(attempt, { amount: 2000, refundKey: `${attempt.idempotencyKey}-a` });
    const over = await gateway.provider.refund(attempt, {
      amount: 1001,
      refundKey: `${attempt.idempotencyKey}-b`,
    });
    expect(over).toMatchObject({ kind: 'failed', code: 'amount_too_large' });
    expect(await refundedAtStripe(attempt)).toEqual({ amount: 2000, refunds: 1 });
  });

  it('the same key twice refunds once at Stripe (its Idempotency-Key)', async () => {
    const gateway = stripeOnSimulator();
    const attempt = await paid(gateway);
    const request = { amount: 500, refundKey: `${attempt.idempotencyKey}-twice` };
    const first = await gateway.provider.refund(attempt, request);
    const second = await gateway.provider.refund(attempt, request);
    expect(second).toMatchObject({ kind: 'refunded' });
    expect(second.kind === 'refunded' && first.kind === 'refunded' && second.providerReference).toBe(
      first.kind === 'refunded' && first.providerReference,
    );
    expect(await refundedAtStripe(attempt)).toEqual({ amount: 500, refunds: 1 });
  });

  it('a lost answer throws GatewayUnavailableError; the retry with the same key refunds nothing more', async () => {
    const gateway = stripeOnSimulator();
    const attempt = await paid(gateway);
    const request = { amount: 700, refundKey: `${attempt.idempotencyKey}-lost` };
    gateway.loseNextRefund();
    await expect(gateway.provider.refund(attempt, request)).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect(await gateway.provider.refund(attempt, request)).toMatchObject({ kind: 'refunded' });
    expect(await refundedAtStripe(attempt)).toEqual({ amount: 700, refunds: 1 });
  });
});
