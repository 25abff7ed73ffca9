import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STRIPE_SIMULATOR_KEYS } from '@kippu/contract/gateway-simulator';
import { STRIPE_TEST_CARDS } from '@kippu/contract/stripe-test-cards';
import { createStripeSimulator, simulatorFetch } from '@kippu/gateway-simulator';
import { setupTestApp } from '../../../test/helper.ts';
import { GatewayUnavailableError, type PaymentAttempt } from '../../domain/payments/payment-provider.ts';
import { createStripeCardProvider, stripeClient } from './stripe-provider.ts';

const ctx = setupTestApp();

/** What Stripe answers instead of refunding: its error body, as the API sends it. */
interface BusyAnswer {
  status: number;
  error: { type: string; code?: string; message: string };
}

/** Stripe's answer to the same Idempotency-Key while the first request with it is still running. */
const KEY_IN_FLIGHT: BusyAnswer = {
  status: 409,
  error: {
    type: 'idempotency_error',
    message: 'There is currently another in-progress request using this Stripe-Idempotency-Key.',
  },
};
const TOO_MANY: BusyAnswer = {
  status: 429,
  error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests.' },
};

/**
 * Review finding 3 (ADR 077): a 409 for a key in flight or a 429 is no answer about the refund. Treated as a
 * refusal, the refund became `failed` and staff paid the money a second time by hand; it must throw
 * GatewayUnavailableError, so the same key is sent again later and Stripe refunds once.
 */
describe('Stripe refund: busy answers are no answer', () => {
  function stripeBusyOnce(busy: BusyAnswer) {
    const answered = simulatorFetch(
      createStripeSimulator(ctx.db, { challengeBaseUrl: 'http://127.0.0.1/3ds' }),
    );
    let busyNext = false;
    const fetcher: typeof fetch = async (input, init) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
      if (url.pathname !== '/v1/refunds' || !busyNext) return answered(input, init);
      busyNext = false;
      return new Response(JSON.stringify({ error: busy.error }), {
        status: busy.status,
        headers: { 'content-type': 'application/json' },
      });
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
    return { stripe, provider, busyNext: () => (busyNext = true) };
  }

  let keys = 0;
  async function paid(gateway: ReturnType<typeof stripeBusyOnce>): Promise<PaymentAttempt> {
    keys += 1;
    const key = `stripe-busy-${keys}-${Date.now()}`;
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

  async function refundedAtStripe(attempt: PaymentAttempt): Promise<number> {
    const { rows } = await ctx.db.execute<{ amount_refunded: string }>(sql`
      SELECT amount_refunded FROM gateway_sim.stripe_payment_intents WHERE id = ${attempt.providerReference}`);
    return Number(rows[0]!.amount_refunded);
  }

  for (const [name, busy] of [
    ['409 idempotency_error (the same key in flight)', KEY_IN_FLIGHT],
    ['429 rate limit', TOO_MANY],
  ] as const) {
    it(`${name} throws GatewayUnavailableError, never failed; the retry with the key refunds once`, async () => {
      const gateway = stripeBusyOnce(busy);
      const attempt = await paid(gateway);
      const request = { amount: 800, refundKey: `${attempt.idempotencyKey}-busy` };
      gateway.busyNext();
      await expect(gateway.provider.refund(attempt, request)).rejects.toBeInstanceOf(GatewayUnavailableError);
      expect(await refundedAtStripe(attempt)).toBe(0);
      expect(await gateway.provider.refund(attempt, request)).toMatchObject({ kind: 'refunded' });
      expect(await refundedAtStripe(attempt)).toBe(800);
    });
  }
});
