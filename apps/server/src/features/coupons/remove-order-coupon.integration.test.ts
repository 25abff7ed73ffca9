import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCoupon, createProduct, createTimeSpan, type ProductFixture } from '../../../test/factories.ts';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../../../test/helper.ts';
import { createTestOrder, usedCount, type TestOrderInput } from './coupon-test-fixtures.ts';

const ctx = setupTestApp();
let product: ProductFixture;
let timeSpanId: number;
let codeSeq = 0;

beforeAll(async () => {
  product = await createProduct(ctx.db, { prices: [3000, 1000] });
  timeSpanId = await createTimeSpan(ctx.db, { productId: product.id, capacity: 100 });
});

/** Two adults at 3000: 6000. */
function order(patch: Partial<TestOrderInput> = {}) {
  return createTestOrder(ctx.db, {
    productId: product.id,
    timeSpanId,
    lines: [{ optionValueId: product.optionValueIds[0]!, quantity: 2, unitPrice: 3000 }],
    ...patch,
  });
}

async function coupon(input: Omit<Parameters<typeof createCoupon>[1], 'code'> = {}) {
  const code = `R${++codeSeq}`;
  return { id: await createCoupon(ctx.db, { code, ...input }), code };
}

async function apply(token: string, couponCode: string): Promise<{ id: number; coupon_discount: number }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/demo/api/v1/ordercoupons/${token}`,
    headers: xsrfHeaders(),
    remoteAddress: visitorAddress(),
    payload: { coupon_code: couponCode },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

function remove(token: string, orderCouponId: number | string, slug = 'demo') {
  return ctx.app.inject({
    method: 'DELETE',
    url: `/${slug}/api/v1/ordercoupons/${token}/${orderCouponId}`,
    headers: xsrfHeaders(),
    remoteAddress: visitorAddress(),
  });
}

describe('DELETE /ordercoupons/{id}/{couponId}', () => {
  it('removes the coupon and gives its use back', async () => {
    const { id: orderId, token } = await order();
    const c = await coupon({ usageLimit: 5 });
    const applied = await apply(token, c.code);
    expect(await usedCount(ctx.db, c.id)).toBe(1);

    const res = await remove(token, applied.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ coupons: [] });
    expect(await usedCount(ctx.db, c.id)).toBe(0);
    const rows = await ctx.db.execute(sql`SELECT 1 FROM order_coupons WHERE order_id = ${orderId}`);
    expect(rows.rows).toHaveLength(0);
  });

  it('lets another order use a single-use coupon once it is removed', async () => {
    const first = await order();
    const second = await order();
    const c = await coupon({ usageLimit: 1 });
    const applied = await apply(first.token, c.code);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/demo/api/v1/ordercoupons/${second.token}`,
      headers: xsrfHeaders(),
      payload: { coupon_code: c.code },
    });
    expect(refused.json()).toEqual({ error: 'coupon limit reached' });
    expect((await remove(first.token, applied.id)).statusCode).toBe(200);
    expect((await apply(second.token, c.code)).coupon_discount).toBe(600);
  });

  it('recomputes the coupons entered after the removed one', async () => {
    const { token } = await order();
    const a = await coupon({ discountType: 'percent', discountValue: 10 });
    const b = await coupon({ discountType: 'percent', discountValue: 10 });
    const first = await apply(token, a.code);
    const second = await apply(token, b.code);
    expect([first.coupon_discount, second.coupon_discount]).toEqual([600, 540]);

    const res = await remove(token, first.id);
    expect(res.json()).toEqual({
      coupons: [
        { id: second.id, coupon_code: b.code, coupon_name: `Coupon ${b.code} (en)`, coupon_discount: 600 },
      ],
    });
    const stored = await ctx.db.execute<{ discount: number }>(
      sql`SELECT discount FROM order_coupons WHERE id = ${second.id}`,
    );
    expect(stored.rows[0]!.discount).toBe(600);
  });

  it('gives the freed ticket to the next invitation code', async () => {
    const { token } = await order({
      lines: [
        { optionValueId: product.optionValueIds[0]!, quantity: 1, unitPrice: 3000 },
        { optionValueId: product.optionValueIds[1]!, quantity: 1, unitPrice: 1000 },
      ],
    });
    const a = await coupon({ isInvitation: true });
    const b = await coupon({ isInvitation: true });
    const c = await coupon({ isInvitation: true });
    const first = await apply(token, a.code);
    expect((await apply(token, b.code)).coupon_discount).toBe(1000);
    expect(first.coupon_discount).toBe(3000);
    const after = (await remove(token, first.id)).json();
    expect(after.coupons.map((x: { coupon_discount: number }) => x.coupon_discount)).toEqual([3000]);
    expect((await apply(token, c.code)).coupon_discount).toBe(1000);
  });

  it('an unknown coupon id, or one of another order, is not found and changes nothing', async () => {
    const mine = await order();
    const theirs = await order();
    const c = await coupon();
    const theirCoupon = await apply(theirs.token, c.code);
    for (const id of [999999, theirCoupon.id]) {
      const res = await remove(mine.token, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'record not found' });
    }
    expect(await usedCount(ctx.db, c.id)).toBe(1);
  });

  it('a coupon id that is not a number is a 400', async () => {
    const { token } = await order();
    for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
      const res = await remove(token, id);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid request');
    }
  });

  it('an unknown order token or the wrong site is not found', async () => {
    const { token } = await order();
    const c = await coupon();
    const applied = await apply(token, c.code);
    expect((await remove('no-such-token', applied.id)).json()).toEqual({ error: 'record not found' });
    const wrongSite = await remove(token, applied.id, 'borderless');
    expect(wrongSite.statusCode).toBe(404);
    expect(wrongSite.json()).toEqual({ error: 'record not found' });
    expect(await usedCount(ctx.db, c.id)).toBe(1);
  });

  it('an order whose hold ran out answers session_timeout and keeps its coupons for the release', async () => {
    const { id: orderId, token } = await order();
    const c = await coupon();
    const applied = await apply(token, c.code);
    await ctx.db.execute(
      sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = ${orderId}`,
    );
    const res = await remove(token, applied.id);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ error: 'session_timeout' });
    expect(await usedCount(ctx.db, c.id)).toBe(1);
  });

  it('a reserved order keeps its coupons', async () => {
    const { id: orderId, token } = await order();
    const c = await coupon();
    const applied = await apply(token, c.code);
    await ctx.db.execute(sql`UPDATE orders SET status = 'reserved' WHERE id = ${orderId}`);
    const res = await remove(token, applied.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'order status must be ready_checkout' });
  });
});
