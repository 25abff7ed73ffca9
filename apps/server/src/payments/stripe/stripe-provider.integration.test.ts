import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STRIPE_TEST_CARDS } from '@kippu/contract/stripe-test-cards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import type { PaymentAttempt } from '../../domain/payments/payment-provider.ts';
import { STRIPE_SIMULATOR_KEYS } from '@kippu/contract/gateway-simulator';
import { createStripeSimulator } from '@kippu/gateway-simulator';
import { createStripeCardProvider, stripeClient } from './stripe-provider.ts';

const ctx = setupTestApp();

/**
 * The real adapter, configured only by the SDK's host/port/protocol, against a local fake of the Stripe
 * endpoints it uses (the simulator behind a plain HTTP server at Stripe's own paths): switching to the real
 * Stripe is configuration. No network beyond 127.0.0.1.
 */
describe('the Stripe provider over HTTP against a local Stripe-shaped API', () => {
  let server: Server;
  let port: number;
  const requests: { method: string; path: string; idempotencyKey?: string }[] = [];

  beforeAll(async () => {
    const simulator = createStripeSimulator(ctx.db, { challengeBaseUrl: 'http://127.0.0.1/3ds' });
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const url = new URL(request.url ?? '/', 'http://127.0.0.1');
        const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
        requests.push({ method: request.method ?? '', path: url.pathname, idempotencyKey });
        const params = request.method === 'GET' ? url.searchParams : new URLSearchParams(body);
        simulator
          .handle({
            method: request.method ?? 'GET',
            path: url.pathname,
            params: Object.fromEntries(params),
            authorization: request.headers.authorization,
            idempotencyKey,
          })
          .then(
            (answer) => {
              response.writeHead(answer.status, { 'content-type': 'application/json' });
              response.end(JSON.stringify(answer.body));
            },
            () => {
              response.writeHead(500);
              response.end();
            },
          );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function provider(threeDSecure = false) {
    const stripe = stripeClient(STRIPE_SIMULATOR_KEYS.secretKey, {
      timeoutMs: 5000,
      endpoint: { host: '127.0.0.1', port, protocol: 'http' },
    });
    return {
      stripe,
      provider: createStripeCardProvider({
        clientOf: async () => stripe,
        threeDSecure,
        returnUrl: (attempt) => `http://localhost/payment-return/stripe/${attempt.paymentNumber}`,
        scriptUrl: 'https://js.stripe.com/v3',
        publishableKey: STRIPE_SIMULATOR_KEYS.publishableKey,
        testMode: true,
      }),
    };
  }

  const attempt = (key: string): PaymentAttempt => ({
    id: 1,
    method: 'stripe',
    siteCode: 'DEMO',
    amount: 3000,
    currency: 'JPY',
    paymentNumber: `number-${key}`,
    idempotencyKey: key,
    providerReference: null,
  });

  async function paymentMethod(stripe: ReturnType<typeof provider>['stripe'], number: string) {
    const created = await stripe.paymentMethods.create({
      type: 'card',
      card: { number, exp_month: 12, exp_year: 2030, cvc: '123' } as never,
    });
    return created.id;
  }

  it('charges with an Idempotency-Key, finds the PaymentIntent again, and refunds it', async () => {
    const { stripe, provider: stripeProvider } = provider();
    const key = 'k-over-http-1';
    const outcome = await stripeProvider.start(attempt(key), {
      token: await paymentMethod(stripe, STRIPE_TEST_CARDS.success),
    });
    expect(outcome).toMatchObject({ kind: 'done', providerReference: expect.stringMatching(/^pi_/) });
    const create = requests.find((request) => request.path === '/v1/payment_intents');
    expect(create).toMatchObject({ method: 'POST', idempotencyKey: key });

    // Found by our key alone (what happens when the create answer is lost).
    expect(await stripeProvider.status(attempt(key))).toBe('confirmed');
    const refund = await stripeProvider.refund(attempt(key), { amount: 3000, refundKey: 'refund-1' });
    expect(refund.kind).toBe('refunded');
    expect(requests.some((request) => request.path === '/v1/refunds')).toBe(true);
  });

  it('a repeated create with the same key answers the first PaymentIntent (no second charge)', async () => {
    const { stripe, provider: stripeProvider } = provider();
    const token = await paymentMethod(stripe, STRIPE_TEST_CARDS.success);
    const first = await stripeProvider.start(attempt('k-over-http-2'), { token });
    const second = await stripeProvider.start(attempt('k-over-http-2'), { token });
    expect(second).toMatchObject({
      kind: 'done',
      providerReference: (first as { providerReference: string }).providerReference,
    });
  });

  it('a decline and a 3-D Secure challenge come back as the provider outcomes', async () => {
    const { stripe, provider: plain } = provider();
    const declined = await plain.start(attempt('k-over-http-3'), {
      token: await paymentMethod(stripe, STRIPE_TEST_CARDS.insufficientFunds),
    });
    expect(declined).toMatchObject({ kind: 'declined', code: 'insufficient_funds' });
    expect(await plain.status(attempt('k-over-http-3'))).toBe('failed');

    const { provider: secure } = provider(true);
    const challenged = await secure.start(attempt('k-over-http-4'), {
      token: await paymentMethod(stripe, STRIPE_TEST_CARDS.success),
    });
    expect(challenged).toMatchObject({ kind: 'challenge', redirectUrl: expect.stringContaining('/3ds/pi_') });
    expect(await secure.status(attempt('k-over-http-4'))).toBe('pending');
    expect(await secure.status(attempt('k-over-http-unknown'))).toBe('not_found');
  });
});
