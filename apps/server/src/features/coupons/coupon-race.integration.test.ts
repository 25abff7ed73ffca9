import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCoupon, createProduct, createTimeSpan, type ProductFixture } from '../../../test/factories.ts';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../../../test/helper.ts';
import { createTestOrder, usedCount } from './coupon-test-fixtures.ts';

const ctx = setupTestApp();
let product: ProductFixture;
let timeSpanId: number;

beforeAll(async () => {
  product = await createProduct(ctx.db, { prices: [2000] });
  timeSpanId = await createTimeSpan(ctx.db, { productId: product.id, capacity: 1000 });
});

function order(quantity = 1) {
  return createTestOrder(ctx.db, {
    productId: product.id,
    timeSpanId,
    lines: [{ optionValueId: product.optionValueIds[0]!, quantity, unitPrice: 2000 }],
  });
}

function apply(app: typeof ctx.app, token: string, code: string) {
  return app.inject({
    method: 'POST',
    url: `/demo/api/v1/ordercoupons/${token}`,
    headers: xsrfHeaders(),
    remoteAddress: visitorAddress(),
    payload: { coupon_code: code },
  });
}

describe('coupon usage limits under concurrency', () => {
  // Several rounds: a lucky interleaving must not be what makes it pass.
  for (const round of [1, 2, 3, 4, 5]) {
    it(`round ${round}: 50 orders race for a coupon limited to 10; exactly 10 win`, async () => {
      const code = `RACE-${round}`;
      const couponId = await createCoupon(ctx.db, {
        code,
        usageLimit: 10,
        discountType: 'fixed',
        discountValue: 500,
      });
      const orders = await Promise.all(Array.from({ length: 50 }, () => order()));
      // Two app instances on one database stand in for two server processes.
      const second = round === 1 ? await ctx.anotherApp() : ctx.app;
      const results = await Promise.all(
        orders.map((o, index) => apply(index % 2 === 0 ? ctx.app : second, o.token, code)),
      );
      const statuses = results.map((res) => res.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      const refusals = results.filter((res) => res.statusCode !== 200).map((res) => res.json());
      expect(refusals).toEqual(Array.from({ length: 40 }, () => ({ error: 'coupon limit reached' })));
      expect(await usedCount(ctx.db, couponId)).toBe(10);
      const rows = await ctx.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM order_coupons WHERE coupon_id = ${couponId}`,
      );
      expect(rows.rows[0]!.n).toBe(10);
    });
  }

  it('two invitation codes entered at once on a one-ticket order: one wins, one exceeds the tickets', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const { token } = await order(1);
      const codes = [`INV-${attempt}-A`, `INV-${attempt}-B`];
      for (const code of codes) await createCoupon(ctx.db, { code, isInvitation: true });
      const results = await Promise.all(codes.map((code) => apply(ctx.app, token, code)));
      const statuses = results.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      const loser = results.find((res) => res.statusCode === 409)!;
      expect(loser.json()).toEqual({ error: 'invitation codes exceed tickets' });
    }
  });

  it('applying and removing at once on many orders leaves used_count equal to the coupons on orders', async () => {
    const code = 'CHURN';
    const couponId = await createCoupon(ctx.db, { code, usageLimit: 15 });
    const orders = await Promise.all(Array.from({ length: 30 }, () => order()));
    const applied = await Promise.all(orders.map((o) => apply(ctx.app, o.token, code)));
    const winners = applied.flatMap((res, index) =>
      res.statusCode === 200 ? [{ token: orders[index]!.token, id: res.json().id as number }] : [],
    );
    expect(winners).toHaveLength(15);
    // Remove from every other winner while the losers try again.
    const losers = orders.filter((_, index) => applied[index]!.statusCode !== 200);
    await Promise.all([
      ...winners
        .filter((_, i) => i % 2 === 0)
        .map((w) =>
          ctx.app.inject({
            method: 'DELETE',
            url: `/demo/api/v1/ordercoupons/${w.token}/${w.id}`,
            headers: xsrfHeaders(),
            remoteAddress: visitorAddress(),
          }),
        ),
      ...losers.map((o) => apply(ctx.app, o.token, code)),
    ]);
    const rows = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM order_coupons WHERE coupon_id = ${couponId}`,
    );
    expect(await usedCount(ctx.db, couponId)).toBe(rows.rows[0]!.n);
    expect(rows.rows[0]!.n).toBeLessThanOrEqual(15);
  });
});
