import { describe, expect, it } from 'vitest';
import { createCoupon, createProduct, createTimeSpan } from '../../../test/factories.ts';
import { setupTestApp } from '../../../test/helper.ts';
import { releaseCouponUsage } from '../../domain/coupons/coupon-usage.ts';
import { createTestOrder } from './coupon-test-fixtures.ts';

const ctx = setupTestApp();

/** An order carrying `count` coupons (rows written directly: the rules do not matter to a release). */
async function orderWithCoupons(count: number): Promise<{ orderId: number; couponIds: number[] }> {
  const product = await createProduct(ctx.db, { prices: [2000] });
  const timeSpanId = await createTimeSpan(ctx.db, { productId: product.id, capacity: 10 });
  const order = await createTestOrder(ctx.db, {
    productId: product.id,
    timeSpanId,
    lines: [{ optionValueId: product.optionValueIds[0]!, quantity: 1, unitPrice: 2000 }],
  });
  const couponIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const id = await createCoupon(ctx.db, { code: `LOCK-${order.id}-${i}`, usedCount: 1 });
    couponIds.push(id);
    await ctx.db.$client.query(
      'INSERT INTO order_coupons (order_id, coupon_id, discount) VALUES ($1, $2, 0)',
      [order.id, id],
    );
  }
  return { orderId: order.id, couponIds: couponIds.sort((a, b) => a - b) };
}

describe('releasing coupon uses locks coupon rows in id order', () => {
  it('holds every lower coupon while it waits for the highest one, so two releasers cannot deadlock', async () => {
    const { orderId, couponIds } = await orderWithCoupons(6);
    const highest = couponIds[couponIds.length - 1]!;
    // Coupons in use are updated all the time (used_count), and an updated row moves behind the others in
    // the table: a plain update then visits the highest id first, whatever the ids say.
    await ctx.db.$client.query('UPDATE coupons SET used_count = used_count WHERE id = ANY($1::int[])', [
      couponIds.slice(0, -1),
    ]);
    const blocker = await ctx.db.$client.connect();
    const prober = await ctx.db.$client.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM coupons WHERE id = $1 FOR UPDATE', [highest]);

      const release = ctx.db.transaction((tx) => releaseCouponUsage(tx, [orderId]));
      // Wait until the release is stuck on the highest coupon.
      for (let i = 0; i < 100; i++) {
        const { rows } = await prober.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'transactionid' AND NOT granted`,
        );
        if (rows[0]!.waiting > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Every lower coupon is locked already: a releaser that takes rows in id order, and any other
      // such releaser, queue on the same first row instead of each holding what the other needs.
      for (const id of couponIds.slice(0, -1)) {
        await prober.query('BEGIN');
        await expect(
          prober.query('SELECT id FROM coupons WHERE id = $1 FOR UPDATE NOWAIT', [id]),
          `coupon ${id}`,
        ).rejects.toThrow(/could not obtain lock/);
        await prober.query('ROLLBACK');
      }
      await blocker.query('COMMIT');
      await release;
      const { rows } = await ctx.db.$client.query<{ used: number }>(
        'SELECT sum(used_count)::int AS used FROM coupons WHERE id = ANY($1::int[])',
        [couponIds],
      );
      expect(rows[0]!.used).toBe(0);
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      await prober.query('ROLLBACK').catch(() => undefined);
      blocker.release();
      prober.release();
    }
  });
});
