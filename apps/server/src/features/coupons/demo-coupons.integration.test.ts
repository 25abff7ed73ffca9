import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { siteSlug } from '@kippu/contract';
import { coupons, optionValues, products, timeSpans } from '../../db/schema.ts';
import { productUuid } from '../../seed/demo-ids.ts';
import { seedDemoCoupons } from '../../seed/demo-coupons.ts';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../../../test/helper.ts';
import { createTestOrder } from './coupon-test-fixtures.ts';

const ctx = setupTestApp();

/**
 * An order on a seeded product: one ticket of its first type. DEMO's 'entry' is one adult (3000), its
 * 'freePreview' one free seat; IZURA's 'entry' one adult (1800).
 */
async function demoOrder(site: 'DEMO' | 'IZURA', productKey: 'entry' | 'freePreview'): Promise<string> {
  const [product] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.uuid, productUuid(site, productKey)));
  const [ticket] = await ctx.db
    .select({ id: optionValues.id, price: optionValues.price })
    .from(optionValues)
    .where(and(eq(optionValues.productId, product!.id), eq(optionValues.position, 1)));
  const [span] = await ctx.db
    .select({ id: timeSpans.id })
    .from(timeSpans)
    .where(and(eq(timeSpans.productId, product!.id), sql`${timeSpans.startsAt} > now()`))
    .limit(1);
  const { token } = await createTestOrder(ctx.db, {
    site,
    productId: product!.id,
    timeSpanId: span!.id,
    lines: [{ optionValueId: ticket!.id, quantity: 1, unitPrice: ticket!.price }],
  });
  return token;
}

/** Applies `code` to the order through the site's API: the discount, or the error string. */
async function apply(token: string, code: string, slug = 'demo') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/${slug}/api/v1/ordercoupons/${token}`,
    headers: xsrfHeaders(),
    remoteAddress: visitorAddress(),
    payload: { coupon_code: code },
  });
  return res.statusCode === 200 ? `${res.json().coupon_discount}` : res.json().error;
}

describe('demo coupons (docs/demo-coupons.md)', () => {
  const entry = () => demoOrder('DEMO', 'entry');

  it('each demo code on a one-adult entry order does what the docs say', async () => {
    const expected: Record<string, string> = {
      DEMO10: '300',
      DEMO500: '500',
      'DEMO-LIMITED': '600',
      'DEMO-ENTRY': '450',
      'DEMO-SPOT': 'invalid channel',
      'DEMO-SUMMER': '150',
      'DEMO-INVITE-1': '3000',
      'DEMO-FREE': '3000',
      'DEMO-BIG': 'no further discounts',
      'DEMO-EXPIRED': 'expired coupon',
      'DEMO-SOON': 'coupon not available',
      'DEMO-OFF': 'coupon not available',
      'DEMO-2099': 'out of coverage dates of the coupon',
      'DEMO-FUTURE-CAMPAIGN': 'out of coverage dates',
      'DEMO-BROKEN': 'discount could not be calculated',
      WELCOME10: 'coupon_code does not exist',
      IZURA10: 'coupon_code does not exist',
    };
    const actual: Record<string, string> = {};
    for (const code of Object.keys(expected)) actual[code] = await apply(await entry(), code);
    expect(actual).toEqual(expected);
  });

  it('the combination errors are reachable with demo codes', async () => {
    const a = await entry();
    expect(await apply(a, 'DEMO10')).toBe('300');
    expect(await apply(a, 'DEMO-SUMMER')).toBe('coupons of different campaigns cannot be used together');
    expect(await apply(a, 'DEMO-INVITE-2')).toBe(
      'flat-rate or fixed coupon cannot be used with invitation code',
    );
    const b = await entry();
    expect(await apply(b, 'DEMO-INVITE-2')).toBe('3000');
    expect(await apply(b, 'DEMO-INVITE-2')).toBe('duplicated invitation code');
    expect(await apply(b, 'DEMO-INVITE-3')).toBe('invitation codes exceed tickets');
    expect(await apply(await demoOrder('DEMO', 'freePreview'), 'DEMO-ENTRY')).toBe(
      'coupon cannot be applied to specified order',
    );
  });

  it("IZURA10 takes 10 % off an IZURA adult (1800): 180, on IZURA's own API", async () => {
    expect(await apply(await demoOrder('IZURA', 'entry'), 'IZURA10', 'izura')).toBe('180');
  });

  it('every site that sells on the web has a demo code that takes something off a web order', async () => {
    // Sites with a web payment method and a published web product with a future slot: the sites a visitor
    // can buy on, read from the seeded data rather than listed here, so a new site without a code fails.
    const { rows: offers } = await ctx.db.execute<{
      site_code: string;
      product_id: number;
      time_span_id: number;
      option_value_id: number;
      price: number;
    }>(sql`
      SELECT DISTINCT ON (p.site_code) p.site_code, p.id AS product_id, ts.id AS time_span_id,
             ov.id AS option_value_id, ov.price
      FROM products p
      JOIN time_spans ts ON ts.product_id = p.id AND ts.starts_at > now() + interval '1 day'
      JOIN option_values ov ON ov.product_id = p.id AND ov.price > 0
      WHERE 'web' = ANY (p.sale_channels) AND p.status = 'published'
        AND EXISTS (SELECT 1 FROM payment_methods m
                    WHERE m.site_code = p.site_code AND m.channel = 'web' AND m.enabled AND m.method <> 'free')
      ORDER BY p.site_code, p.position, ts.starts_at, ov.position`);
    expect(offers.length).toBeGreaterThanOrEqual(14);
    const { rows: codes } = await ctx.db.execute<{ site_code: string; code: string }>(sql`
      SELECT site_code, code FROM coupons
      WHERE is_demo AND enabled AND NOT is_invitation AND 'web' = ANY (channels)
      ORDER BY site_code, code`);

    const working: Record<string, string | null> = {};
    for (const offer of offers) {
      working[offer.site_code] = null;
      for (const { code } of codes.filter((c) => c.site_code === offer.site_code)) {
        const { token } = await createTestOrder(ctx.db, {
          site: offer.site_code,
          productId: offer.product_id,
          timeSpanId: offer.time_span_id,
          lines: [{ optionValueId: offer.option_value_id, quantity: 1, unitPrice: offer.price }],
        });
        if (/^[1-9][0-9]*$/.test(await apply(token, code, siteSlug(offer.site_code)))) {
          working[offer.site_code] = code;
          break;
        }
      }
    }
    expect(Object.entries(working).filter(([, code]) => code === null)).toEqual([]);
    expect(working).toMatchObject({
      NISHINIPPON_DATE: 'NISHIDATE10',
      OKINAWA: 'OKINAWA10',
      NAGAI: 'NAGAI10',
      SOFTBANK: 'SOFTBANK10',
    });
  });

  it('seeding again adds nothing and keeps the uses taken', async () => {
    const before = await ctx.db.select({ code: coupons.code, used: coupons.usedCount }).from(coupons);
    expect(before.length).toBeGreaterThanOrEqual(21);
    await seedDemoCoupons(ctx.db);
    const after = await ctx.db.select({ code: coupons.code, used: coupons.usedCount }).from(coupons);
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after).toHaveLength(before.length);
  });
});
