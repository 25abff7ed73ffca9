import { describe, expect, it } from 'vitest';
import { createCoupon, createProduct, createTimeSpan } from '../../../test/factories.ts';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../../../test/helper.ts';
import { usedCount } from './coupon-test-fixtures.ts';

const ctx = setupTestApp();
const BASE = '/demo/api/v1';

/** Through the real POST /orders of the booking feature: 2 × 3000 + 1 × 1000. */
async function realOrder(): Promise<string> {
  const product = await createProduct(ctx.db, { prices: [3000, 1000] });
  const spanId = await createTimeSpan(ctx.db, { productId: product.id, capacity: 10 });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${BASE}/orders`,
    headers: xsrfHeaders(),
    remoteAddress: visitorAddress(),
    payload: {
      lang: 'ja',
      product_uuid: product.uuid,
      time_span_id: spanId,
      quantity: 3,
      option_values: [
        { option_value_id: product.optionValueIds[0], quantity: 2 },
        { option_value_id: product.optionValueIds[1], quantity: 1 },
      ],
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().order_token;
}

function apply(token: string, code: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `${BASE}/ordercoupons/${token}`,
    headers: xsrfHeaders(),
    remoteAddress: visitorAddress(),
    payload: { coupon_code: code },
  });
}

describe('coupons on orders made by POST /orders', () => {
  it('the temporary order lists the coupon and charges the net price; removing it restores the price', async () => {
    const token = await realOrder();
    await createCoupon(ctx.db, { code: 'FLOW-10', discountType: 'percent', discountValue: 10 });
    const applied = await apply(token, 'FLOW-10');
    expect(applied.json()).toMatchObject({
      coupon_code: 'FLOW-10',
      coupon_name: 'Coupon FLOW-10 (ja)',
      coupon_discount: 700,
    });

    const withCoupon = (await ctx.app.inject({ method: 'GET', url: `${BASE}/orders/${token}` })).json();
    expect(withCoupon.price).toBe(6300);
    expect(withCoupon.coupons).toEqual([
      expect.objectContaining({ id: applied.json().id, coupon_code: 'FLOW-10', coupon_discount: 700 }),
    ]);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      // After a reload the client only has the order: the id comes from GET /orders.
      url: `${BASE}/ordercoupons/${token}/${withCoupon.coupons[0].id}`,
      headers: xsrfHeaders(),
    });
    expect(removed.statusCode).toBe(200);
    const without = (await ctx.app.inject({ method: 'GET', url: `${BASE}/orders/${token}` })).json();
    expect(without.price).toBe(7000);
    expect(without.coupons).toEqual([]);
  });

  it('cancelling the order gives the coupon use back', async () => {
    const token = await realOrder();
    const couponId = await createCoupon(ctx.db, { code: 'FLOW-ONCE', usageLimit: 1 });
    expect((await apply(token, 'FLOW-ONCE')).statusCode).toBe(200);
    expect(await usedCount(ctx.db, couponId)).toBe(1);

    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: `${BASE}/orders/${token}`,
      headers: xsrfHeaders(),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await usedCount(ctx.db, couponId)).toBe(0);
    expect((await apply(await realOrder(), 'FLOW-ONCE')).statusCode).toBe(200);
  });
});
