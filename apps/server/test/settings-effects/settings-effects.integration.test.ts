import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptResponse } from '@kippu/contract';
import { serverSiteSettingsSchema } from '@kippu/contract/console/settings-schemas';
import type { Db } from '../../src/db/client.ts';
import { paidOrder } from '../../src/domain/refunds/refund-test-support.ts';
import { secretKeyring } from '../../src/config/secrets-key.ts';
import { loadEnv } from '../../src/config/env.ts';
import { writeSiteSecret } from '../../src/domain/sites/site-secrets.ts';
import { loadBootData } from '../../src/features/sites/boot-data.ts';
import { getConfiguration } from '../../src/features/sites/services/get-configuration.ts';
import { cardProcessorOf } from '../../src/payments/card2/card2-config.ts';
import { createCard2Provider } from '../../src/payments/card2/card2-provider.ts';
import { merchantFor, sbpsConfig } from '../../src/payments/softbank/sbps-config.ts';
import { sbpsPurchaseForm } from '../../src/payments/softbank/sbps-link-provider.ts';
import { createProduct, createTimeSpan, ensureSite, everyLang } from '../factories.ts';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../helper.ts';
import { orderBody, postOrder, productWithSlot, SITE_PATH } from '../order-support.ts';

/**
 * The server's twin of the web's settings registry (apps/web/src/settings-effects, issue 32 acceptance 1,
 * ADR 115): each setting only the server reads (named in server-read.json, which the web registry counts as
 * covered) and each server-only site column the console edits (`serverSiteSettingsSchema`, derived, so a new
 * column fails here until it has an entry) is flipped on the DEMO site, and an API answer must change.
 */
const ctx = setupTestApp();

type Entry = {
  key: string;
  /** The server files that read it; each must name it. */
  readers: string[];
  flip: (db: Db) => Promise<void>;
  /** An API answer (as text) that shows the value. */
  look: () => Promise<string>;
};

const SERVER_READ = (
  JSON.parse(readFileSync(new URL('./server-read.json', import.meta.url), 'utf8')) as { settings: string[] }
).settings;
const COLUMNS = Object.keys(serverSiteSettingsSchema.shape);

const settingsSet = (path: string[], value: unknown) => (db: Db) =>
  db
    .execute(
      sql`UPDATE sites SET settings = jsonb_set(settings, ${`{${path.join(',')}}`}::text[], ${JSON.stringify(value)}::jsonb) WHERE code = 'DEMO'`,
    )
    .then(() => undefined);
const columnSet = (column: string, value: number | boolean | string | null) => (db: Db) =>
  db
    .execute(sql`UPDATE sites SET ${sql.identifier(column)} = ${value} WHERE code = 'DEMO'`)
    .then(() => undefined);

/** A new paid order's receipt, issued now (a receipt keeps what it was issued with, ADR 023). */
async function issuedReceipt(): Promise<string> {
  const order = await paidOrder(ctx.app, ctx.db, { quantity: 1 });
  const { rows } = await ctx.db.execute<{ reservation_token: string }>(
    sql`SELECT reservation_token FROM reservations WHERE order_id = ${order.id}`,
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${SITE_PATH}/receipts/${rows[0]!.reservation_token}?lang=en`,
    headers: xsrfHeaders(),
    payload: { addressee: 'Hanako Yamada' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { issuer } = res.json<ReceiptResponse & { issuer: unknown }>();
  return JSON.stringify(issuer);
}

/** Minutes a new hold keeps its seats. */
async function holdMinutes(): Promise<string> {
  const slot = await productWithSlot(ctx.db, 10);
  const before = Date.now();
  const res = await postOrder(ctx.app, orderBody(slot));
  expect(res.statusCode, res.body).toBe(201);
  return String(
    Math.round((new Date(res.json<{ expires_at: string }>().expires_at).getTime() - before) / 60_000),
  );
}

/** A new slot's stock status with 8 seats left (a new product each time: no cached answer). */
async function stockStatus(): Promise<string> {
  const product = await createProduct(ctx.db, { site: 'DEMO' });
  const startsAt = new Date(Date.now() + 3 * 86_400_000);
  await createTimeSpan(ctx.db, { productId: product.id, capacity: 8, startsAt });
  const date = new Date(startsAt.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${SITE_PATH}/products/stocks?date=${date}&product_id=${product.uuid}&channel=web`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return JSON.stringify(res.json<{ status?: unknown }[]>().map((slot) => slot.status));
}

let ranges = 0;
/** The calendar's colours over a range that includes the coloured day (a new range each time: no cache). */
async function calendarColors(): Promise<string> {
  ranges += 1;
  const to = new Date(Date.UTC(2031, 0, 10 + ranges)).toISOString().slice(0, 10);
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${SITE_PATH}/calendar/colors?from=2031-01-10&to=${to}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** Two holds of one visitor, one ticket each: the second answers a cap's refusal when the cap is 1. */
async function secondOpenOrder(): Promise<string> {
  const slot = await productWithSlot(ctx.db, 10);
  const visitor = visitorAddress();
  await postOrder(ctx.app, orderBody(slot), SITE_PATH, visitor);
  const second = await postOrder(ctx.app, orderBody(slot), SITE_PATH, visitor);
  return `${second.statusCode} ${second.body}`;
}

/** A hold of three tickets in one slot by one visitor. */
async function threeTickets(): Promise<string> {
  const slot = await productWithSlot(ctx.db, 10);
  const res = await postOrder(ctx.app, orderBody(slot, 3));
  return `${res.statusCode} ${JSON.stringify(res.json<{ error?: string }>().error ?? null)}`;
}

/** The web payment methods of a site, with their public fields (token script, shop id, processor). */
const paymentMethodsOf = (slug: string) => async (): Promise<string> => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/${slug}/api/v1/paymentmethods?lang=en&channel=web`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};
const paymentMethods = paymentMethodsOf('demo');

/** A setting of a seeded site (SOFTBANK has the second card processor, AZABUDAI_BORDERLESS the third). */
const siteSet = (site: string, path: string[], value: unknown) => (db: Db) =>
  db
    .execute(
      sql`UPDATE sites SET settings = jsonb_set(settings, ${`{${path.join(',')}}`}::text[], ${JSON.stringify(value)}::jsonb) WHERE code = ${site}`,
    )
    .then(() => undefined);
const CARD2 = ['src/payments/card2/card2-config.ts'];

/**
 * A card charge on SOFTBANK as its second processor receives it: the URL it is posted to and the body (the
 * provider's own code, with the wire replaced by a recorder: the simulator ignores what only a real
 * processor reads, such as the service id).
 */
async function card2Charge(): Promise<string> {
  const sent: string[] = [];
  const processorOf = async (site: string) => {
    const { rows } = await ctx.db.execute<{ payment: Parameters<typeof cardProcessorOf>[0] }>(
      sql`SELECT settings -> 'payment' AS payment FROM sites WHERE code = ${site}`,
    );
    return cardProcessorOf(rows[0]?.payment ?? undefined, 'development');
  };
  const provider = createCard2Provider({
    threeDSecure: false,
    transport: async (site, call, body) => {
      sent.push(`${call} ${site.postUrl} ${JSON.stringify(body)}`);
      return { status: 'captured', transaction_id: 'c2tx_registry', masked_card_no: '4111********1111' };
    },
    processorOf,
    processorFromSettings: (payment) => cardProcessorOf(payment, 'development'),
    returnUrl: () => '/payment-return',
  });
  const outcome = await provider.start(
    {
      id: 1,
      method: 'gmo',
      siteCode: 'SOFTBANK',
      amount: 3000,
      currency: 'JPY',
      paymentNumber: 'P-REGISTRY',
      idempotencyKey: 'K-REGISTRY',
      providerReference: null,
    },
    { token: 'tok_registry' },
  );
  expect(outcome.kind).toBe('done');
  return sent.join('\n');
}

/**
 * The SBPS merchant SoftBank's purchase hand-off posts against the real gateway (ADR 101): the site's own ids
 * with its hash key, else the environment's.
 */
async function sbpsMerchantPosted(): Promise<string> {
  const env = loadEnv({
    ...Object.fromEntries(Object.entries(ctx.env).map(([key, value]) => [key, String(value)])),
    SOFTBANK_GATEWAY: 'real',
    SOFTBANK_MERCHANT_ID: '30132',
    SOFTBANK_SERVICE_ID: '103',
    SOFTBANK_HASH_KEY: 'environment-hash-key',
  });
  const config = sbpsConfig(env, ctx.db);
  const merchant = await merchantFor(config, 'SOFTBANK');
  expect(merchant).not.toBeNull();
  const form = sbpsPurchaseForm(config, merchant!, {
    id: 1,
    method: 'softbank_3ds',
    siteCode: 'SOFTBANK',
    amount: 3000,
    currency: 'JPY',
    paymentNumber: 'P-REGISTRY',
    idempotencyKey: 'K-REGISTRY',
    providerReference: null,
  });
  return JSON.stringify({ merchant_id: form.fields.merchant_id, service_id: form.fields.service_id });
}

/** The language a first visit's page is drawn in for a Chinese phone (the server's first paint, ADR 110). */
async function firstPaintLanguage(): Promise<string> {
  const boot = await loadBootData(ctx.db, ctx.env, 'DEMO', undefined, ['zh-hans', 'en']);
  return `${boot.lang} ${String(boot.browserLanguage ?? false)}`;
}
/** GET /configurations' `mode` for DEMO, from the service (no cached answer between flips). */
async function servedMode(): Promise<string> {
  return String((await getConfiguration(ctx.db, ctx.env, 'DEMO')).mode);
}
const everyEnvironment = (value: string) => ({ development: value, staging: value, production: value });

const ENTRIES: Entry[] = [
  {
    key: 'payment.deviceFingerprintScriptUrl',
    readers: ['src/domain/payments/public-payment-fields.ts'],
    flip: siteSet('SOFTBANK', ['payment', 'deviceFingerprintScriptUrl'], null),
    look: paymentMethodsOf('softbank'),
  },
  {
    key: 'payment.secondaryCardProcessor.tokenScriptUrl',
    readers: CARD2,
    flip: siteSet(
      'SOFTBANK',
      ['payment', 'secondaryCardProcessor', 'tokenScriptUrl'],
      everyEnvironment('/simulator/card2/token-flipped.js'),
    ),
    look: paymentMethodsOf('softbank'),
  },
  {
    key: 'payment.secondaryCardProcessor.merchantId',
    readers: CARD2,
    flip: siteSet(
      'SOFTBANK',
      ['payment', 'secondaryCardProcessor', 'merchantId'],
      'registry-flipped-merchant',
    ),
    look: paymentMethodsOf('softbank'),
  },
  {
    key: 'payment.thirdProcessor.key',
    readers: CARD2,
    flip: siteSet('AZABUDAI_BORDERLESS', ['payment', 'thirdProcessor', 'key'], 'registry_flipped_key'),
    look: paymentMethodsOf('azabudai-borderless'),
  },
  {
    key: 'payment.secondaryCardProcessor.threeDsScriptUrl',
    readers: CARD2,
    flip: siteSet(
      'SOFTBANK',
      ['payment', 'secondaryCardProcessor', 'threeDsScriptUrl'],
      everyEnvironment('/simulator/card2/3ds-flipped.js'),
    ),
    look: paymentMethodsOf('softbank'),
  },
  {
    key: 'payment.secondaryCardProcessor.serviceId',
    readers: CARD2,
    flip: siteSet('SOFTBANK', ['payment', 'secondaryCardProcessor', 'serviceId'], '777'),
    look: card2Charge,
  },
  {
    key: 'payment.secondaryCardProcessor.postUrl',
    readers: CARD2,
    flip: siteSet(
      'SOFTBANK',
      ['payment', 'secondaryCardProcessor', 'postUrl'],
      everyEnvironment('https://card2.example/payment'),
    ),
    look: card2Charge,
  },
  {
    key: 'payment.thirdProcessor.environment',
    readers: CARD2,
    flip: siteSet('AZABUDAI_BORDERLESS', ['payment', 'thirdProcessor', 'environment'], 'staging'),
    look: paymentMethodsOf('azabudai-borderless'),
  },
  {
    key: 'payment.merchantIds',
    readers: ['src/payments/softbank/sbps-config.ts'],
    flip: async (db) => {
      await siteSet('SOFTBANK', ['payment', 'merchantIds'], { softbank: '30999', softbank_service: '201' })(db);
      await writeSiteSecret(db, secretKeyring(ctx.env), {
        site: 'SOFTBANK',
        name: 'softbank_hash_key',
        value: 'site-hash-key',
        staffId: null,
      });
    },
    look: sbpsMerchantPosted,
  },
  {
    key: 'language.followBrowser',
    readers: ['src/features/sites/boot-data.ts'],
    flip: settingsSet(['language'], { followBrowser: true }),
    look: firstPaintLanguage,
  },
  {
    key: 'receipt.issuerName',
    readers: ['src/domain/receipts/receipt-document.ts'],
    flip: settingsSet(['receipt', 'issuerName'], everyLang('Flipped Issuer Co.')),
    look: issuedReceipt,
  },
  {
    key: 'receipt.registrationNumber',
    readers: ['src/domain/receipts/receipt-document.ts'],
    flip: settingsSet(['receipt', 'registrationNumber'], 'T9999999999999'),
    look: issuedReceipt,
  },
  {
    key: 'hold_minutes',
    readers: ['src/domain/stock/product-for-sale.ts'],
    flip: columnSet('hold_minutes', 3),
    look: holdMinutes,
  },
  {
    key: 'few_stock_threshold',
    readers: ['src/features/catalogue/catalogue-sql.ts'],
    flip: columnSet('few_stock_threshold', 10),
    look: stockStatus,
  },
  {
    key: 'calendar_colorized',
    readers: ['src/features/catalogue/list-calendar-colors.ts'],
    flip: columnSet('calendar_colorized', false),
    look: calendarColors,
  },
  {
    key: 'max_open_orders_per_client',
    readers: ['src/domain/stock/product-for-sale.ts'],
    flip: columnSet('max_open_orders_per_client', 1),
    look: secondOpenOrder,
  },
  {
    key: 'max_tickets_per_client_slot',
    readers: ['src/domain/stock/product-for-sale.ts'],
    flip: columnSet('max_tickets_per_client_slot', 2),
    look: threeTickets,
  },
  {
    // Review finding 16 (ADR 112 addendum): the console's column, no longer the site code, decides the mode.
    key: 'mode',
    readers: ['src/domain/sites/site-settings.ts'],
    flip: columnSet('mode', 'reconnect'),
    look: servedMode,
  },
  {
    key: 'payment.cardProviderKeys',
    readers: ['src/domain/payments/public-payment-fields.ts'],
    flip: settingsSet(['payment', 'cardProviderKeys', 'gmo'], 'tshop_registry_flipped'),
    // Last: a shop id nobody knows also stops card payments, which the receipts above need.
    look: paymentMethods,
  },
];

describe('every setting only the server reads does something (issue 32, acceptance 1; ADR 115)', () => {
  beforeAll(async () => {
    await ensureSite(ctx.db, 'DEMO');
    // A known start: a receipt issuer, a GMO key, a coloured day, the test columns.
    await settingsSet(['receipt'], {
      issuerName: everyLang('Base Issuer Co.'),
      registrationNumber: 'T1111111111111',
    })(ctx.db);
    await settingsSet(['payment', 'cardProviderKeys'], { gmo: 'tshop_test_demo' })(ctx.db);
    // The spec's rule on DEMO to begin with: a first visit opens in the site's default language.
    await ctx.db.execute(sql`UPDATE sites SET settings = settings - 'language' WHERE code = 'DEMO'`);
    await ctx.db.execute(sql`UPDATE sites SET hold_minutes = NULL, few_stock_threshold = 5,
      calendar_colorized = true, max_open_orders_per_client = 5, max_tickets_per_client_slot = 20, mode = NULL WHERE code = 'DEMO'`);
    await ctx.db.execute(sql`INSERT INTO calendar_colors (site_code, date, color_code)
      VALUES ('DEMO', '2031-01-10', '#c8e6c9') ON CONFLICT DO NOTHING`);
  });

  it('has an entry for every server-read setting and every server column, and no other', () => {
    expect(ENTRIES.map((entry) => entry.key).sort()).toEqual([...SERVER_READ, ...COLUMNS].sort());
  });

  it('names readers that exist and read the value', () => {
    for (const entry of ENTRIES) {
      const name = entry.key.split('.').at(-1)!;
      const camel = name.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase());
      for (const reader of entry.readers) {
        const text = readFileSync(new URL(`../../${reader}`, import.meta.url), 'utf8');
        expect(text.includes(name) || text.includes(camel), `${entry.key}: ${reader}`).toBe(true);
      }
    }
  });

  it.each(ENTRIES.map((entry) => [entry.key, entry] as const))(
    '%s changes an API answer',
    async (_key, entry) => {
      const before = await entry.look();
      await entry.flip(ctx.db);
      const after = await entry.look();
      expect(after).not.toBe(before);
    },
  );
});
