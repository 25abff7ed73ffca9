import Stripe from 'stripe';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SiteCode } from '@kippu/contract';
import type { App } from '../src/app.ts';
import { secretKeyring } from '../src/config/secrets-key.ts';
import type { Db } from '../src/db/client.ts';
import { STRIPE_SIMULATOR_KEYS, STRIPE_SIMULATOR_PATHS } from '@kippu/contract/gateway-simulator';
import { writeSiteSecret } from '../src/domain/sites/site-secrets.ts';
import { STRIPE_PATHS } from '../src/payments/stripe/stripe-paths.ts';
import type { TestContext } from './helper.ts';

/** Test support for Stripe (ADR 028): what Stripe.js, the issuer's page and Stripe's webhooks do. */

/** A PaymentMethod from the simulator, as Stripe.js makes it in the browser (publishable key, card). */
export async function stripePaymentMethod(app: App, number: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `${STRIPE_SIMULATOR_PATHS.api}/v1/payment_methods`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      key: STRIPE_SIMULATOR_KEYS.publishableKey,
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': '2030',
      'card[cvc]': '123',
      'billing_details[name]': 'HANAKO YAMADA',
    }).toString(),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string }>().id;
}

/** The issuer's 3-D Secure page: passes or fails the challenge; answers where it sends the browser. */
export async function answerChallenge(app: App, redirectUrl: string, pass: boolean): Promise<string> {
  const url = new URL(redirectUrl);
  const page = await app.inject({ method: 'GET', url: url.pathname + url.search });
  expect(page.statusCode).toBe(200);
  const res = await app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      client_secret: url.searchParams.get('client_secret')!,
      outcome: pass ? 'complete' : 'fail',
    }).toString(),
  });
  expect(res.statusCode).toBe(303);
  return res.headers.location as string;
}

/** The browser arriving at our return route (the URL the issuer's page sent it to). */
export function browserReturn(app: App, returnUrl: string) {
  const url = new URL(returnUrl);
  expect(url.pathname.startsWith(STRIPE_PATHS.return)).toBe(true);
  return app.inject({ method: 'GET', url: url.pathname + url.search });
}

/** The PaymentIntent as Stripe has it (the simulator's API with the secret key of its account). */
export async function paymentIntent(
  app: App,
  id: string,
  secretKey: string = STRIPE_SIMULATOR_KEYS.secretKey,
): Promise<Record<string, unknown>> {
  const res = await app.inject({
    method: 'GET',
    url: `${STRIPE_SIMULATOR_PATHS.api}/v1/payment_intents/${id}`,
    headers: { authorization: `Bearer ${secretKey}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A signed webhook event about a PaymentIntent, delivered to our endpoint. */
export async function deliverWebhook(
  app: App,
  type: string,
  intent: Record<string, unknown>,
  secret: string = STRIPE_SIMULATOR_KEYS.webhookSecret,
  /** The environment's endpoint, or a site's own (`/payment-webhooks/stripe/{site}`, ADR 125). */
  url: string = STRIPE_PATHS.webhook,
) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(16).slice(2)}`,
    object: 'event',
    type,
    data: { object: intent },
  });
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

/** Charges made at the simulated Stripe for an attempt key: PaymentIntents that succeeded, net of refunds. */
export async function stripeCharges(db: Db, idempotencyKey: string) {
  const { rows } = await db.execute<{ status: string; amount_refunded: string }>(sql`
    SELECT status, amount_refunded FROM gateway_sim.stripe_payment_intents
    WHERE metadata ->> 'kippu_payment' = ${idempotencyKey}`);
  return {
    succeeded: rows.filter((row) => row.status === 'succeeded').length,
    refunded: rows.filter((row) => Number(row.amount_refunded) > 0).length,
  };
}

/** Offers a method on the DEMO site's web channel (DEMO offers `stripe`; tests add `stripe_secure`). */
export async function offerMethod(db: Db, method: string) {
  await db.execute(sql`
    INSERT INTO payment_methods (site_code, channel, method, enabled, position)
    VALUES ('DEMO', 'web', ${method}, true, 90) ON CONFLICT (site_code, channel, method) DO UPDATE SET enabled = true`);
}

/** The site secrets a Stripe account is configured with (ADR 125, 127). */
export type SiteStripeSecret =
  | 'stripe_secret_key'
  | 'stripe_webhook_secret'
  | 'stripe_previous_secret_key'
  | 'stripe_previous_webhook_secret';

/** An account's keys as a test names them. */
export interface StripeAccountKeys {
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
}

/** The secrets of a site's own account: its secret key and its webhook signing secret. */
export const ownAccount = (keys: StripeAccountKeys) => ({
  stripe_secret_key: keys.secretKey,
  stripe_webhook_secret: keys.webhookSecret,
});

/**
 * A site's Stripe set-up as staff make it: the publishable key in its settings (null: none, the environment's
 * account), the secrets in the console; every Stripe secret not given is cleared.
 */
export async function setSiteStripe(
  ctx: Pick<TestContext, 'db' | 'env'>,
  site: SiteCode,
  publishableKey: string | null,
  secrets: Partial<Record<SiteStripeSecret, string>>,
) {
  await ctx.db.execute(
    publishableKey === null
      ? sql`UPDATE sites SET settings = settings #- '{payment,cardProviderKeys,stripe}' WHERE code = ${site}`
      : sql`UPDATE sites SET settings = jsonb_set(settings, '{payment,cardProviderKeys,stripe}',
              ${JSON.stringify(publishableKey)}::jsonb) WHERE code = ${site}`,
  );
  const keyring = secretKeyring(ctx.env);
  const names: SiteStripeSecret[] = [
    'stripe_secret_key',
    'stripe_webhook_secret',
    'stripe_previous_secret_key',
    'stripe_previous_webhook_secret',
  ];
  for (const name of names) {
    await writeSiteSecret(ctx.db, keyring, { site, name, value: secrets[name] ?? null, staffId: null });
  }
}
