import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCoupon,
  createProduct,
  createTimeSpan,
  ensureSite,
  type ProductFixture,
} from '../../../test/factories.ts';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../../../test/helper.ts';
import { createTestOrder, usedCount, type TestOrderInput } from './coupon-test-fixtures.ts';

const ctx = setupTestApp();
let product: ProductFixture;
let otherProduct: ProductFixture;
let timeSpanId: number;
let codeSeq = 0;

// Visit on 2030-05-10 at 10:00 in Tokyo.
const VISIT = new Date('2030-05-10T01:00:00Z');

beforeAll(async () => {
  await ensureSite(ctx.db, 'BORDERLESS');
  product = await createProduct(ctx.db, { prices: [3000, 1000] });
  otherProduct = await createProduct(ctx.db, { prices: [500] });
  timeSpanId = await createTimeSpan(ctx.db, { productId: product.id, capacity: 100, startsAt: VISIT });
});

/** 2 adults (3000) + 1 child (1000) = 7000, three tickets, unless told otherwise. */
function order(patch: Partial<TestOrderInput> = {}) {
  return createTestOrder(ctx.db, {
    productId: product.id,
    timeSpanId,
    lines: [
      { optionValueId: product.optionValueIds[0]!, quantity: 2, unitPrice: 3000 },
      { optionValueId: product.optionValueIds[1]!, quantity: 1, unitPrice: 1000 },
    ],
    ...patch,
  });
}

async function coupon(
  input: Parameters<typeof createCoupon>[1] extends infer T ? Omit<T, 'code'> : never = {},
) {
  const code = `C${++codeSeq}-${Math.random().toString(36).slice(2, 8)}`;
  const id = await createCoupon(ctx.db, { code, ...input });
  return { id, code };
}

function apply(token: string, couponCode: unknown, slug = 'demo') {
  return ctx.app.inject({
    method: 'POST',
    url: `/${slug}/api/v1/ordercoupons/${token}`,
    headers: xsrfHeaders(),
    remoteAddress: visitorAddress(),
    payload: { coupon_code: couponCode },
  });
}

async function expectError(res: Awaited<ReturnType<typeof apply>>, status: number, error: string) {
  expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { error } });
}

describe('POST /ordercoupons/{id}: amounts', () => {
  it('takes floor(price × rate / 100) for a percent coupon, names it in the order language, takes a use', async () => {
    const { token } = await order({ extraPrice: -1, lang: 'th' }); // 6999
    const c = await coupon({ discountType: 'percent', discountValue: 15 });
    const res = await apply(token, c.code);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      coupon_code: c.code,
      coupon_name: `Coupon ${c.code} (th)`,
      coupon_discount: 1049, // floor(6999 × 15 / 100 = 1049.85)
    });
    expect(await usedCount(ctx.db, c.id)).toBe(1);
    const stored = await ctx.db.execute<{ discount: number }>(
      sql`SELECT discount FROM order_coupons WHERE id = ${body.id}`,
    );
    expect(stored.rows[0]!.discount).toBe(1049);
  });

  it('takes the face value of a fixed coupon', async () => {
    const { token } = await order();
    const c = await coupon({ discountType: 'fixed', discountValue: 500 });
    expect((await apply(token, c.code)).json().coupon_discount).toBe(500);
  });

  it('trims spaces around the entered code', async () => {
    const { token } = await order();
    const c = await coupon({ discountType: 'fixed', discountValue: 100 });
    expect((await apply(token, `  ${c.code} `)).statusCode).toBe(200);
  });

  it('accepts an order in ready_checkout', async () => {
    const { token } = await order({ status: 'ready_checkout' });
    const c = await coupon();
    expect((await apply(token, c.code)).statusCode).toBe(200);
  });
});

describe('POST /ordercoupons/{id}: rules and their error strings', () => {
  it('unknown code', async () => {
    const { token } = await order();
    await expectError(await apply(token, 'NO-SUCH-CODE'), 404, 'coupon_code does not exist');
  });

  it("another site's code does not exist here", async () => {
    const { token } = await order();
    const c = await coupon({ siteCode: 'BORDERLESS' });
    await expectError(await apply(token, c.code), 404, 'coupon_code does not exist');
  });

  it('disabled coupon', async () => {
    const { token } = await order();
    const c = await coupon({ enabled: false });
    await expectError(await apply(token, c.code), 409, 'coupon not available');
  });

  it('entry window not started yet', async () => {
    const { token } = await order();
    const c = await coupon({ validFrom: new Date(Date.now() + 3600_000) });
    await expectError(await apply(token, c.code), 409, 'coupon not available');
  });

  it('entry window over', async () => {
    const { token } = await order();
    const c = await coupon({ validFrom: new Date('2020-01-01'), validTo: new Date(Date.now() - 1000) });
    await expectError(await apply(token, c.code), 409, 'expired coupon');
  });

  it('channel not allowed', async () => {
    const { token } = await order({ channel: 'web' });
    const c = await coupon({ channels: ['pos', 'kiosk'] });
    await expectError(await apply(token, c.code), 400, 'invalid channel');
    const spot = await order({ channel: 'spot' });
    const spotCoupon = await coupon({ channels: ['spot'] });
    expect((await apply(spot.token, spotCoupon.code)).statusCode).toBe(200);
  });

  it('product not covered', async () => {
    const { token } = await order();
    const c = await coupon({ productIds: [otherProduct.id] });
    await expectError(await apply(token, c.code), 409, 'coupon cannot be applied to specified order');
    const ok = await coupon({ productIds: [otherProduct.id, product.id] });
    expect((await apply(token, ok.code)).statusCode).toBe(200);
  });

  it("visit date outside the coupon's coverage", async () => {
    const { token } = await order();
    const before = await coupon({ coverageFrom: '2030-05-11', coverageTo: '2030-05-31' });
    await expectError(await apply(token, before.code), 409, 'out of coverage dates of the coupon');
    const after = await coupon({ coverageFrom: '2030-05-01', coverageTo: '2030-05-09' });
    await expectError(await apply(token, after.code), 409, 'out of coverage dates of the coupon');
    const onTheDay = await coupon({ coverageFrom: '2030-05-10', coverageTo: '2030-05-10' });
    expect((await apply(token, onTheDay.code)).statusCode).toBe(200);
  });

  it('reads the visit date in Tokyo, not UTC', async () => {
    // 2030-05-10 15:30 UTC is 2030-05-11 00:30 in Tokyo.
    const lateSpan = await createTimeSpan(ctx.db, {
      productId: product.id,
      capacity: 10,
      startsAt: new Date('2030-05-10T15:30:00Z'),
    });
    const { token } = await order({ timeSpanId: lateSpan });
    const tenth = await coupon({ coverageTo: '2030-05-10' });
    await expectError(await apply(token, tenth.code), 409, 'out of coverage dates of the coupon');
    const eleventh = await coupon({ coverageFrom: '2030-05-11' });
    expect((await apply(token, eleventh.code)).statusCode).toBe(200);
  });

  it("visit date outside the campaign's coverage", async () => {
    const { token } = await order();
    const campaign = `camp-${Math.random().toString(36).slice(2)}`;
    await ctx.db.execute(
      sql`INSERT INTO coupon_campaigns (site_code, campaign, coverage_from, coverage_to)
          VALUES ('DEMO', ${campaign}, '2030-06-01', '2030-06-30')`,
    );
    // The coupon's own window covers the visit; the campaign's does not.
    const c = await coupon({ campaign, coverageFrom: '2030-05-01', coverageTo: '2030-06-30' });
    await expectError(await apply(token, c.code), 409, 'out of coverage dates');
  });

  it('usage limit reached', async () => {
    const { token } = await order();
    const c = await coupon({ usageLimit: 3, usedCount: 3 });
    await expectError(await apply(token, c.code), 409, 'coupon limit reached');
    expect(await usedCount(ctx.db, c.id)).toBe(3);
  });

  it('a percent above 100 cannot be calculated', async () => {
    const { token } = await order();
    const c = await coupon({ discountType: 'percent', discountValue: 150 });
    await expectError(await apply(token, c.code), 409, 'discount could not be calculated');
    expect(await usedCount(ctx.db, c.id)).toBe(0);
  });

  it('a fixed value above the price gives no further discounts', async () => {
    const { token } = await order();
    const c = await coupon({ discountType: 'fixed', discountValue: 7001 });
    await expectError(await apply(token, c.code), 409, 'no further discounts');
    expect(await usedCount(ctx.db, c.id)).toBe(0);
  });

  it('a free order gives no further discounts', async () => {
    const { token } = await order({
      lines: [{ optionValueId: product.optionValueIds[0]!, quantity: 1, unitPrice: 0 }],
    });
    const c = await coupon();
    await expectError(await apply(token, c.code), 409, 'no further discounts');
  });

  it('a failed rule takes no use', async () => {
    const { token } = await order({ channel: 'kiosk' });
    const c = await coupon({ usageLimit: 5 });
    await expectError(await apply(token, c.code), 400, 'invalid channel');
    expect(await usedCount(ctx.db, c.id)).toBe(0);
  });
});

describe('POST /ordercoupons/{id}: several coupons on one order', () => {
  it('applies percent coupons of one campaign one after the other on what is left', async () => {
    const { token } = await order();
    const first = await coupon({ discountType: 'percent', discountValue: 10 });
    const second = await coupon({ discountType: 'percent', discountValue: 10 });
    const third = await coupon({ discountType: 'fixed', discountValue: 300 });
    expect((await apply(token, first.code)).json().coupon_discount).toBe(700);
    expect((await apply(token, second.code)).json().coupon_discount).toBe(630);
    expect((await apply(token, third.code)).json().coupon_discount).toBe(300);
  });

  it('refuses more once nothing is left', async () => {
    const { token } = await order();
    const all = await coupon({ discountType: 'percent', discountValue: 100 });
    const more = await coupon({ discountType: 'fixed', discountValue: 1 });
    expect((await apply(token, all.code)).json().coupon_discount).toBe(7000);
    await expectError(await apply(token, more.code), 409, 'no further discounts');
  });

  it('refuses a fixed coupon worth more than what is left', async () => {
    const { token } = await order();
    const big = await coupon({ discountType: 'fixed', discountValue: 6000 });
    const tooBig = await coupon({ discountType: 'fixed', discountValue: 1001 });
    const fits = await coupon({ discountType: 'fixed', discountValue: 1000 });
    expect((await apply(token, big.code)).statusCode).toBe(200);
    await expectError(await apply(token, tooBig.code), 409, 'no further discounts');
    expect((await apply(token, fits.code)).json().coupon_discount).toBe(1000);
  });

  it('refuses coupons of different campaigns', async () => {
    const { token } = await order();
    const a = await coupon({ campaign: 'spring' });
    const b = await coupon({ campaign: 'summer' });
    expect((await apply(token, a.code)).statusCode).toBe(200);
    await expectError(
      await apply(token, b.code),
      409,
      'coupons of different campaigns cannot be used together',
    );
  });

  it('refuses the same regular coupon twice', async () => {
    const { token } = await order();
    const c = await coupon();
    expect((await apply(token, c.code)).statusCode).toBe(200);
    await expectError(await apply(token, c.code), 409, 'coupon cannot be applied to specified order');
    expect(await usedCount(ctx.db, c.id)).toBe(1);
  });

  it('makes one ticket free per invitation code, dearest first', async () => {
    const { token } = await order({ extraPrice: 800 }); // tickets 3000, 3000, 1000 + set product 800
    const codes = await Promise.all(
      [1, 2, 3].map(() => coupon({ isInvitation: true, discountType: 'fixed', discountValue: 0 })),
    );
    const discounts = [];
    for (const c of codes) discounts.push((await apply(token, c.code)).json().coupon_discount);
    expect(discounts).toEqual([3000, 3000, 1000]);
  });

  it('refuses the same invitation code twice', async () => {
    const { token } = await order();
    const c = await coupon({ isInvitation: true });
    expect((await apply(token, c.code)).statusCode).toBe(200);
    await expectError(await apply(token, c.code), 409, 'duplicated invitation code');
  });

  it('refuses more invitation codes than tickets', async () => {
    const { token } = await order({
      lines: [{ optionValueId: product.optionValueIds[0]!, quantity: 2, unitPrice: 3000 }],
    });
    const codes = await Promise.all([1, 2, 3].map(() => coupon({ isInvitation: true })));
    expect((await apply(token, codes[0]!.code)).statusCode).toBe(200);
    expect((await apply(token, codes[1]!.code)).statusCode).toBe(200);
    await expectError(await apply(token, codes[2]!.code), 409, 'invitation codes exceed tickets');
  });

  it('refuses a percent or fixed coupon with an invitation code, either way round', async () => {
    const message = 'flat-rate or fixed coupon cannot be used with invitation code';
    const one = await order();
    const invitation = await coupon({ isInvitation: true });
    const fixed = await coupon({ discountType: 'fixed', discountValue: 100 });
    expect((await apply(one.token, invitation.code)).statusCode).toBe(200);
    await expectError(await apply(one.token, fixed.code), 409, message);

    const two = await order();
    const percent = await coupon({ discountType: 'percent', discountValue: 5 });
    const invitation2 = await coupon({ isInvitation: true });
    expect((await apply(two.token, percent.code)).statusCode).toBe(200);
    await expectError(await apply(two.token, invitation2.code), 409, message);
  });
});

describe('POST /ordercoupons/{id}: order state and bad input', () => {
  it('an order whose hold ran out answers session_timeout', async () => {
    const { token } = await order({ expiresAt: new Date(Date.now() - 1000) });
    const c = await coupon();
    await expectError(await apply(token, c.code), 410, 'session_timeout');
  });

  it('an expired order answers session_timeout', async () => {
    const { token } = await order({ status: 'expired' });
    await expectError(await apply(token, 'X'), 410, 'session_timeout');
  });

  it('a paid or paying order cannot take coupons', async () => {
    for (const status of ['paying', 'reserved'] as const) {
      const { token } = await order({ status });
      const c = await coupon();
      await expectError(await apply(token, c.code), 409, 'order status must be ready_checkout');
    }
  });

  it('a cancelled order is not found', async () => {
    const { token } = await order({ status: 'cancelled' });
    await expectError(await apply(token, 'X'), 404, 'record not found');
  });

  it('an unknown order token is not found', async () => {
    const c = await coupon();
    await expectError(await apply('no-such-order-token', c.code), 404, 'record not found');
  });

  it("another site's path does not find the order", async () => {
    const { token } = await order();
    const c = await coupon();
    await expectError(await apply(token, c.code, 'borderless'), 404, 'record not found');
  });

  it('a missing body, a missing code or an empty code is a 400', async () => {
    const { token } = await order();
    const noBody = await ctx.app.inject({
      method: 'POST',
      url: `/demo/api/v1/ordercoupons/${token}`,
      headers: xsrfHeaders(),
    });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().error).toBe('invalid request');
    for (const code of [undefined, '', '   ', 42, 'x'.repeat(65)]) {
      const res = await apply(token, code);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid request');
    }
  });

  it('refuses a request without the XSRF header', async () => {
    const { token } = await order();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/demo/api/v1/ordercoupons/${token}`,
      payload: { coupon_code: 'X' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('slows down guessing per client: the 21st try within a minute is refused, even on a new order', async () => {
    const guess = (token: string, code: string, forwardedFor?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/demo/api/v1/ordercoupons/${token}`,
        headers: { ...xsrfHeaders(), ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
        remoteAddress: '192.0.2.77',
        payload: { coupon_code: code },
      });
    for (let i = 0; i < 20; i++) {
      // A fresh order and a forged X-Forwarded-For per guess: neither buys a new budget (TRUST_PROXY is off).
      const { token } = await order();
      expect((await guess(token, `GUESS-${i}`, `198.51.100.${i}`)).statusCode).toBe(404);
    }
    const { token } = await order();
    await expectError(await guess(token, 'GUESS-21', '203.0.113.9'), 429, 'too many requests');
    // Another visitor is not slowed down by this one's guesses.
    await expectError(await apply(token, 'GUESS-22'), 404, 'coupon_code does not exist');
  });
});
