import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons, optionValues, products, timeSpans } from '../../db/schema.ts';
import { productUuid } from '../../seed/demo-ids.ts';
import { seedDemoCoupons } from '../../seed/demo-coupons.ts';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../../../test/helper.ts';
import { createTestOrder } from './coupon-test-fixtures.ts';

const ctx = setupTestApp();

/** An order on a seeded DEMO product: one adult ticket (3000) of 'entry', or one free preview seat. */
async function demoOrder(productKey: 'entry' | 'freePreview'): Promise<string> {
  const [product] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.uuid, productUuid('DEMO', productKey)));
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
    productId: product!.id,
    timeSpanId: span!.id,
    lines: [{ optionValueId: ticket!.id, quantity: 1, unitPrice: ticket!.price }],
  });
  return token;
}

async function apply(token: string, code: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/demo/api/v1/ordercoupons/${token}`,
    headers: xsrfHeaders(),
    remoteAddress: visitorAddress(),
    payload: { coupon_code: code },
  });
  return res.statusCode === 200 ? `${res.json().coupon_discount}` : res.json().error;
}

describe('demo coupons (docs/demo-coupons.md)', () => {
  const entry = () => demoOrder('entry');

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
    expect(await apply(await demoOrder('freePreview'), 'DEMO-ENTRY')).toBe(
      'coupon cannot be applied to specified order',
    );
  });

  it('seeding again adds nothing and keeps the uses taken', async () => {
    const before = await ctx.db.select({ code: coupons.code, used: coupons.usedCount }).from(coupons);
    expect(before.length).toBeGreaterThanOrEqual(19);
    await seedDemoCoupons(ctx.db);
    const after = await ctx.db.select({ code: coupons.code, used: coupons.usedCount }).from(coupons);
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after).toHaveLength(before.length);
  });
});
