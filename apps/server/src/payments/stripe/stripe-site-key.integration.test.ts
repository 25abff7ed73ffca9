import { paymentMethodsResponseSchema } from '@kippu/contract';
import { STRIPE_SIMULATOR_KEYS } from '@kippu/contract/gateway-simulator';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';

const ctx = setupTestApp();

/** The publishable key the payment screen is given for DEMO's `stripe` method (GET /paymentmethods). */
async function stripeKeyServed(): Promise<string | undefined> {
  const res = await ctx.app.inject({ method: 'GET', url: '/demo/api/v1/paymentmethods?lang=en&channel=web' });
  expect(res.statusCode).toBe(200);
  return paymentMethodsResponseSchema.parse(res.json()).find((m) => m.payment_method_type === 'stripe')
    ?.shop_id;
}

async function setSiteKey(key: string | null) {
  await ctx.db.execute(
    key === null
      ? sql`UPDATE sites SET settings = settings #- '{payment,cardProviderKeys,stripe}' WHERE code = 'DEMO'`
      : sql`UPDATE sites SET settings = jsonb_set(settings, '{payment,cardProviderKeys,stripe}', ${JSON.stringify(key)}::jsonb)
            WHERE code = 'DEMO'`,
  );
}

describe('Stripe publishable key (issue 32 item 4)', () => {
  it("serves the site's settings key, not the environment's", async () => {
    await setSiteKey('pk_test_demo_site_own_key_42');
    expect(await stripeKeyServed()).toBe('pk_test_demo_site_own_key_42');
  });

  it("falls back to the environment's (here the simulator's) key when the site names none", async () => {
    await setSiteKey(null);
    expect(await stripeKeyServed()).toBe(STRIPE_SIMULATOR_KEYS.publishableKey);
  });
});
