import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.ts';
import { secretKeyring } from '../../config/secrets-key.ts';
import { writeSiteSecret } from '../../domain/sites/site-secrets.ts';
import { setupTestApp } from '../../../test/helper.ts';
import { createSbpsProvider, sbpsPurchaseForm } from './sbps-link-provider.ts';
import { merchantFor, sbpsConfig, SIMULATOR_MERCHANT } from './sbps-config.ts';

const ctx = setupTestApp();

/** The real gateway's configuration with the environment's merchant (the fallback). */
const realEnv = () =>
  loadEnv({
    ...Object.fromEntries(Object.entries(ctx.env).map(([key, value]) => [key, String(value)])),
    SOFTBANK_GATEWAY: 'real',
    SOFTBANK_MERCHANT_ID: '30132',
    SOFTBANK_SERVICE_ID: '103',
    SOFTBANK_HASH_KEY: 'environment-hash-key',
  });

async function nameMerchant(site: string, ids: { softbank: string; softbank_service: string } | null) {
  await ctx.db.execute(
    ids
      ? sql`UPDATE sites SET settings = jsonb_set(settings, '{payment,merchantIds}',
              (settings -> 'payment' -> 'merchantIds') || ${JSON.stringify(ids)}::jsonb) WHERE code = ${site}`
      : sql`UPDATE sites SET settings = settings #- '{payment,merchantIds,softbank}' WHERE code = ${site}`,
  );
}

describe('SoftBank merchant from the site settings (issue 32 item 5, ADR 101)', () => {
  it("uses the site's settings ids with its site_secrets hash key; the environment's otherwise", async () => {
    const env = realEnv();
    const config = sbpsConfig(env, ctx.db);
    const environmentMerchant = { merchantId: '30132', serviceId: '103', hashKey: 'environment-hash-key' };
    expect(await merchantFor(config, 'SOFTBANK')).toEqual(environmentMerchant);

    await nameMerchant('SOFTBANK', { softbank: '30999', softbank_service: '201' });
    // Ids without their hash key are not a merchant: still the environment's.
    expect(await merchantFor(config, 'SOFTBANK')).toEqual(environmentMerchant);
    await writeSiteSecret(ctx.db, secretKeyring(env), {
      site: 'SOFTBANK',
      name: 'softbank_hash_key',
      value: 'site-hash-key',
      staffId: null,
    });
    const own = { merchantId: '30999', serviceId: '201', hashKey: 'site-hash-key' };
    expect(await merchantFor(config, 'SOFTBANK')).toEqual(own);
    // Another site keeps the environment's.
    expect(await merchantFor(config, 'NISHINIPPON_PRODUCT')).toEqual(environmentMerchant);

    // The purchase request the browser posts carries the site's merchant, signed with its key.
    const form = sbpsPurchaseForm(config, own, {
      id: 1,
      method: 'softbank_3ds',
      siteCode: 'SOFTBANK',
      amount: 3000,
      currency: 'JPY',
      paymentNumber: 'P1',
      idempotencyKey: 'K1',
      providerReference: null,
    });
    expect(form.fields).toMatchObject({ merchant_id: '30999', service_id: '201' });
    await nameMerchant('SOFTBANK', null);
  });

  it("against the simulator the simulator's merchant, whatever the settings name", async () => {
    await nameMerchant('SOFTBANK', { softbank: '30999', softbank_service: '201' });
    const config = sbpsConfig(ctx.env, ctx.db);
    expect(config.simulated).toBe(true);
    expect(await merchantFor(config, 'SOFTBANK')).toEqual(SIMULATOR_MERCHANT);
    await nameMerchant('SOFTBANK', null);
  });

  it('declines as not configured where neither the site nor the environment names a merchant', async () => {
    const env = loadEnv({
      ...Object.fromEntries(Object.entries(ctx.env).map(([key, value]) => [key, String(value)])),
      SOFTBANK_GATEWAY: 'real',
    });
    const provider = createSbpsProvider(sbpsConfig(env, ctx.db), async () => '', 'softbank_3ds', ctx.db);
    const outcome = await provider.start(
      {
        id: 1,
        method: 'softbank_3ds',
        siteCode: 'NAGAI',
        amount: 1000,
        currency: 'JPY',
        paymentNumber: 'P2',
        idempotencyKey: 'K2',
        providerReference: null,
      },
      {},
    );
    expect(outcome).toMatchObject({ kind: 'declined', code: 'merchant_not_configured' });
  });
});
