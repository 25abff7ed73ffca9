import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_SIMULATOR_KEYS } from '@kippu/contract/gateway-simulator';
import { STRIPE_TEST_CARDS } from '@kippu/contract/stripe-test-cards';
import { createStripeSimulator, simulatorFetch, stripeSimulatorAccountOf } from '@kippu/gateway-simulator';
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
import { secretKeyring } from '../../config/secrets-key.ts';
import type { Db } from '../../db/client.ts';
import { findReturnedAttempt } from '../returns/settle-gateway-return.ts';
import { stripeAccountDirectory } from './stripe-accounts.ts';
import { STRIPE_PATHS } from './stripe-paths.ts';
import { stripeClient } from './stripe-provider.ts';

/**
 * Stripe accounts per site (ADR 125): a site with its own publishable key pays, is asked about and refunds
 * through its own secret key and verifies its webhooks with its own signing secret; the environment's
 * account serves the others; a site with its own publishable key but no secret key is never paired with
 * the environment's. The simulator tells accounts apart by their secret keys (each PaymentIntent records
 * its account, and only that account's key sees it again).
 */

const DEMO_OWN = {
  publishableKey: 'pk_test_demo_own_account_125',
  secretKey: 'sk_test_demo_own_account_125',
  webhookSecret: 'whsec_demo_own_account_125',
};
const MORI_OWN = {
  publishableKey: 'pk_test_mori_own_account_125',
  secretKey: 'sk_test_mori_own_account_125',
  webhookSecret: 'whsec_mori_own_account_125',
};

/** The simulated account a PaymentIntent was made in. */
async function accountOfIntent(db: Db, intentId: string): Promise<string | null> {
  const { rows } = await db.execute<{ account: string | null }>(
    sql`SELECT account FROM gateway_sim.stripe_payment_intents WHERE id = ${intentId}`,
  );
  return rows[0]?.account ?? null;
}

async function payOnDemo(ctx: TestContext, method: 'stripe' | 'stripe_secure', card: string) {
  const slot = await productWithSlot(ctx.db, 10);
  const order = await readyOrder(ctx.app, ctx.db, slot, 1);
  const res = await postCheckout(ctx.app, order.token, {
    payment_method_type: method,
    token: await stripePaymentMethod(ctx.app, card),
    masked_card_number: `************${card.slice(-4)}`,
  });
  return { order, res };
}

const siteWebhook = (site: string) => `${STRIPE_PATHS.webhook}/${site}`;

describe('Stripe accounts per site against the simulator (ADR 125)', () => {
  const ctx = setupTestApp();
  beforeAll(async () => {
    await offerMethod(ctx.db, 'stripe_secure');
  });

  it('a site with its own keys: its PaymentIntent is made, asked about and refunded in its own account', async () => {
    await setSiteStripe(ctx, 'DEMO', DEMO_OWN.publishableKey, ownAccount(DEMO_OWN));
    const { order, res } = await payOnDemo(ctx, 'stripe', STRIPE_TEST_CARDS.success);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'reserved' });
    const [payment] = await paymentsOf(ctx.db, order.id);
    const intentId = payment!.provider_reference!;
    expect(await accountOfIntent(ctx.db, intentId)).toBe(stripeSimulatorAccountOf(DEMO_OWN.secretKey));

    // Asked about and refunded through the registry, as reconciliation and refunds do: the environment's
    // key would not find the PaymentIntent (not_found; a failed refund).
    const attempt = (await findReturnedAttempt(ctx.db, { providerReference: intentId }))!;
    const provider = ctx.app.checkoutDeps.payments.providerFor('stripe')!;
    expect(await provider.status(attempt)).toBe('confirmed');
    const refund = await provider.refund(attempt, {
      amount: payment!.amount,
      refundKey: `refund-own-${intentId}`,
    });
    expect(refund).toMatchObject({ kind: 'refunded', providerReference: expect.stringMatching(/^re_/) });
    const intent = await paymentIntent(ctx.app, intentId, DEMO_OWN.secretKey);
    expect(intent).toMatchObject({ id: intentId, status: 'succeeded' });
    const { rows } = await ctx.db.execute<{ amount_refunded: string }>(
      sql`SELECT amount_refunded FROM gateway_sim.stripe_payment_intents WHERE id = ${intentId}`,
    );
    expect(Number(rows[0]!.amount_refunded)).toBe(payment!.amount);
  });

  it("a site without its own publishable key pays in the environment's account (here the simulator's)", async () => {
    // A secret key left behind does not make an account without its publishable key.
    await setSiteStripe(ctx, 'DEMO', null, { stripe_secret_key: DEMO_OWN.secretKey });
    const { order, res } = await payOnDemo(ctx, 'stripe', STRIPE_TEST_CARDS.success);
    expect(res.json()).toMatchObject({ status: 'reserved' });
    const [payment] = await paymentsOf(ctx.db, order.id);
    expect(await accountOfIntent(ctx.db, payment!.provider_reference!)).toBe(
      stripeSimulatorAccountOf(STRIPE_SIMULATOR_KEYS.secretKey),
    );
  });

  it("a site's webhook: verified with its own secret, refused with another, ignored for another site's payment", async () => {
    await setSiteStripe(ctx, 'DEMO', DEMO_OWN.publishableKey, ownAccount(DEMO_OWN));
    await setSiteStripe(ctx, 'MORI', MORI_OWN.publishableKey, ownAccount(MORI_OWN));
    const { order, res } = await payOnDemo(ctx, 'stripe_secure', STRIPE_TEST_CARDS.success);
    const returnUrl = await answerChallenge(ctx.app, res.json<{ redirect_url: string }>().redirect_url, true);
    const intentId = new URL(returnUrl).searchParams.get('payment_intent')!;
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');
    const intent = await paymentIntent(ctx.app, intentId, DEMO_OWN.secretKey);

    // Signed with the environment's secret: not DEMO's account speaking.
    const forged = await deliverWebhook(
      ctx.app,
      'payment_intent.succeeded',
      intent,
      STRIPE_SIMULATOR_KEYS.webhookSecret,
      siteWebhook('DEMO'),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: 'invalid request' });

    // MORI's account, rightly signed, about DEMO's payment: acknowledged, nothing applied.
    const elsewhere = await deliverWebhook(
      ctx.app,
      'payment_intent.succeeded',
      intent,
      MORI_OWN.webhookSecret,
      siteWebhook('MORI'),
    );
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json()).toEqual({ received: true, settled: false });
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');
    expect((await paymentsOf(ctx.db, order.id))[0]).toMatchObject({ status: 'pending' });

    const hook = await deliverWebhook(
      ctx.app,
      'payment_intent.succeeded',
      intent,
      DEMO_OWN.webhookSecret,
      siteWebhook('DEMO'),
    );
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ received: true, settled: true });
    expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
  });

  it('a webhook for no such site: record not found, with the one error body', async () => {
    const res = await deliverWebhook(
      ctx.app,
      'payment_intent.succeeded',
      { id: 'pi_nothing', object: 'payment_intent', metadata: {} },
      DEMO_OWN.webhookSecret,
      siteWebhook('NO_SUCH_SITE'),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'record not found' });
  });
});

describe('Stripe accounts per site against the real Stripe (ADR 125)', () => {
  const ENVIRONMENT = {
    STRIPE_GATEWAY: 'real',
    STRIPE_SECRET_KEY: 'sk_test_environment_account_125',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_environment_account_125',
    STRIPE_WEBHOOK_SECRET: 'whsec_environment_account_125',
    // Were anything sent to api.stripe.com, it would fail within this, not as shop_not_configured.
    GATEWAY_TIMEOUT_MS: '2000',
  };
  const ctx = setupTestApp(ENVIRONMENT);

  it('a site with its own publishable key but no secret key declines as not configured, sending nothing', async () => {
    await setSiteStripe(ctx, 'DEMO', DEMO_OWN.publishableKey, {});
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const res = await postCheckout(ctx.app, order.token, {
      payment_method_type: 'stripe',
      token: 'pm_from_the_sites_own_stripe_js',
    });
    // Our set-up's fault, not the visitor's (ADR 100).
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'payment_api_failure' });
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
    expect(await paymentsOf(ctx.db, order.id)).toMatchObject([
      { status: 'failed', failure_code: 'shop_not_configured', provider_reference: null },
    ]);
  });

  it("its webhook without a signing secret is refused (4xx); a site on the environment's account verifies with the environment's", async () => {
    await setSiteStripe(ctx, 'DEMO', DEMO_OWN.publishableKey, { stripe_secret_key: DEMO_OWN.secretKey });
    const event = { id: 'pi_someone_elses', object: 'payment_intent', metadata: {} };
    const unsigned = await deliverWebhook(
      ctx.app,
      'payment_intent.succeeded',
      event,
      ENVIRONMENT.STRIPE_WEBHOOK_SECRET,
      siteWebhook('DEMO'),
    );
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toEqual({ error: 'invalid request' });

    // The environment's own key named in the settings is the environment's account.
    await setSiteStripe(ctx, 'MORI', ENVIRONMENT.STRIPE_PUBLISHABLE_KEY, {});
    const environment = await deliverWebhook(
      ctx.app,
      'payment_intent.succeeded',
      event,
      ENVIRONMENT.STRIPE_WEBHOOK_SECRET,
      siteWebhook('MORI'),
    );
    expect(environment.statusCode).toBe(200);
    expect(environment.json()).toEqual({ received: true, settled: false });
  });

  it('a webhook secret stored under a key this server does not have is refused as unsigned (4xx), not a 5xx', async () => {
    await setSiteStripe(ctx, 'DEMO', DEMO_OWN.publishableKey, ownAccount(DEMO_OWN));
    // As if encrypted under a key since removed from SECRETS_KEY_PREVIOUS.
    await ctx.db.execute(sql`
      UPDATE site_secrets SET key_id = 'gone', value = 'v1:gone:AAAA'
      WHERE site_code = 'DEMO' AND name = 'stripe_webhook_secret'`);
    const event = { id: 'pi_someone_elses', object: 'payment_intent', metadata: {} };
    const answer = await deliverWebhook(
      ctx.app,
      'payment_intent.succeeded',
      event,
      DEMO_OWN.webhookSecret,
      siteWebhook('DEMO'),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'invalid request' });
  });

  it('chooses each site’s client: one per secret key, never the environment’s for a site with its own key', async () => {
    const made: string[] = [];
    const warnings: unknown[] = [];
    const directory = stripeAccountDirectory({
      db: ctx.db,
      simulated: false,
      keyring: secretKeyring(ctx.env),
      environment: {
        secretKey: ENVIRONMENT.STRIPE_SECRET_KEY,
        publishableKey: ENVIRONMENT.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: ENVIRONMENT.STRIPE_WEBHOOK_SECRET,
      },
      client: (secretKey): Stripe => {
        made.push(secretKey);
        return stripeClient(secretKey, {
          timeoutMs: 2000,
          fetch: simulatorFetch(createStripeSimulator(ctx.db, { challengeBaseUrl: 'http://127.0.0.1/3ds' })),
        });
      },
      log: { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger,
    });
    await setSiteStripe(ctx, 'DEMO', DEMO_OWN.publishableKey, ownAccount(DEMO_OWN));
    await setSiteStripe(ctx, 'MORI', null, {});
    await setSiteStripe(ctx, 'OKINAWA', 'pk_test_okinawa_own_account_125', {});

    const demo = await directory.clientOf('DEMO');
    expect(await directory.clientOf('DEMO')).toBe(demo);
    expect(await directory.clientOf('MORI')).not.toBe(demo);
    expect(await directory.clientOf('OKINAWA')).toBeNull();
    expect(await directory.clientOf('OKINAWA')).toBeNull();
    expect(made).toEqual([DEMO_OWN.secretKey, ENVIRONMENT.STRIPE_SECRET_KEY]);
    // Once per site, naming the site and never a key.
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).toContain('OKINAWA');
    expect(JSON.stringify(warnings)).not.toMatch(/sk_test|whsec_/);

    expect(await directory.webhookSecretOf('DEMO')).toEqual({ secret: DEMO_OWN.webhookSecret });
    expect(await directory.webhookSecretOf('MORI')).toEqual({ secret: ENVIRONMENT.STRIPE_WEBHOOK_SECRET });
    expect(await directory.webhookSecretOf('OKINAWA')).toEqual({ secret: null });
    expect(await directory.webhookSecretOf('NO_SUCH_SITE')).toBeNull();
  });
});
