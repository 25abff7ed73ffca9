import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { setupTestApp } from '../../../test/helper.ts';
import { createCoupon } from '../../../test/factories.ts';
import { sweepExpiredHolds } from '../../domain/order-expiry/sweep-expired-holds.ts';
import { SITE_PATH, heldOf, orderBody, postOrder, productWithSlot } from '../../../test/order-support.ts';

describe('expired holds', () => {
  const ctx = setupTestApp();

  const expire = (tokens: string[]) =>
    ctx.db.$client.query(
      "UPDATE orders SET expires_at = now() - interval '1 second' WHERE order_token = ANY($1::text[])",
      [tokens],
    );

  it('two sweepers at once release every expired hold exactly once', async () => {
    const slot = await productWithSlot(ctx.db, 40);
    const other = await productWithSlot(ctx.db, 40);
    const tokens: string[] = [];
    for (let i = 0; i < 12; i++) {
      const target = i % 3 === 0 ? other : slot;
      const res = await postOrder(ctx.app, orderBody(target, (i % 3) + 1));
      expect(res.statusCode).toBe(201);
      tokens.push(res.json().order_token);
    }
    const keep = (await postOrder(ctx.app, orderBody(slot, 2))).json().order_token as string;
    const couponId = await createCoupon(ctx.db, { code: `SWEEP${Date.now()}`, usageLimit: 1, usedCount: 1 });
    await ctx.db.$client.query(
      'INSERT INTO order_coupons (order_id, coupon_id, discount) SELECT id, $2, 100 FROM orders WHERE order_token = $1',
      [tokens[0], couponId],
    );
    await expire(tokens);

    // Small batches so both sweepers really interleave on the same spans.
    const [a, b] = await Promise.all([
      (async () => {
        let n = 0;
        for (let r; (r = await sweepExpiredHolds(ctx.db, 2)) > 0;) n += r;
        return n;
      })(),
      (async () => {
        let n = 0;
        for (let r; (r = await sweepExpiredHolds(ctx.db, 2)) > 0;) n += r;
        return n;
      })(),
    ]);
    expect(a + b).toBe(12);
    expect(await sweepExpiredHolds(ctx.db)).toBe(0);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(2);
    expect(await heldOf(ctx.db, other.spanId)).toBe(0);
    const coupon = await ctx.db.$client.query('SELECT used_count FROM coupons WHERE id = $1', [couponId]);
    expect(coupon.rows[0]).toEqual({ used_count: 0 });
    const statuses = await ctx.db.$client.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM orders WHERE order_token = ANY($1::text[]) GROUP BY status',
      [[...tokens, keep]],
    );
    expect(statuses.rows.sort((x, y) => x.status.localeCompare(y.status))).toEqual([
      { status: 'expired', n: 12 },
      { status: 'holding', n: 1 },
    ]);
    const res = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/orders/${tokens[1]}` });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ error: 'session_timeout' });
  });

  it('puts the stock back on sale: a sold-out slot sells again after the sweep', async () => {
    const slot = await productWithSlot(ctx.db, 3);
    const first = (await postOrder(ctx.app, orderBody(slot, 3))).json().order_token as string;
    expect((await postOrder(ctx.app, orderBody(slot, 1))).statusCode).toBe(409);
    await expire([first]);
    await sweepExpiredHolds(ctx.db);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(0);
    const again = await postOrder(ctx.app, orderBody(slot, 3));
    expect(again.statusCode).toBe(201);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(3);
  });

  it('a sweep and a cancel racing on the same order release it once', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const token = (await postOrder(ctx.app, orderBody(slot, 4))).json().order_token as string;
    await ctx.db.$client.query(
      "UPDATE orders SET expires_at = now() + interval '200 milliseconds' WHERE order_token = $1",
      [token],
    );
    await new Promise((r) => setTimeout(r, 190));
    await Promise.all([
      sweepExpiredHolds(ctx.db),
      ctx.app.inject({
        method: 'DELETE',
        url: `${SITE_PATH}/orders/${token}`,
        headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
      }),
      new Promise((r) => setTimeout(r, 20)).then(() => sweepExpiredHolds(ctx.db)),
    ]);
    await sweepExpiredHolds(ctx.db);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(0);
  });

  it('the sweeper started with the app releases an expired hold within 5 seconds', async () => {
    const app = await buildApp({
      env: { ...ctx.env, SWEEP_INTERVAL_MS: 200 },
      db: ctx.db,
      webDistDir: '/nonexistent/',
      holdSweeper: true,
    });
    await app.ready();
    try {
      const slot = await productWithSlot(ctx.db, 5);
      const token = (await postOrder(app, orderBody(slot, 2))).json().order_token as string;
      await expire([token]);
      const deadline = Date.now() + 5000;
      while ((await heldOf(ctx.db, slot.spanId)) !== 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await heldOf(ctx.db, slot.spanId)).toBe(0);
      const status = await ctx.db.$client.query('SELECT status FROM orders WHERE order_token = $1', [token]);
      expect(status.rows[0]).toEqual({ status: 'expired' });
    } finally {
      await app.close();
    }
  });
});
