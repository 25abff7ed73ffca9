import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { heldOf, orderBody, postOrder, productWithSlot } from '../../../test/order-support.ts';

describe('holding a hot slot', () => {
  const ctx = setupTestApp();

  it('sells exactly the capacity to 200 concurrent single-ticket orders', async () => {
    const slot = await productWithSlot(ctx.db, 50);
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => postOrder(ctx.app, orderBody(slot, 1))),
    );
    const ok = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const r of refused) expect(r.json()).toEqual({ error: 'out of stock' });
    expect(new Set(ok.map((r) => r.json().order_token)).size).toBe(50);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(50);
    const orders = await ctx.db.$client.query(
      "SELECT count(*)::int AS n, sum(quantity)::int AS q FROM orders WHERE time_span_id = $1 AND status = 'holding'",
      [slot.spanId],
    );
    expect(orders.rows[0]).toEqual({ n: 50, q: 50 });
  });

  it('never oversells mixed quantities across two server instances', async () => {
    const other = await ctx.anotherApp();
    const slot = await productWithSlot(ctx.db, 50);
    const quantities = Array.from({ length: 200 }, (_, i) => (i % 4) + 1);
    const responses = await Promise.all(
      quantities.map((q, i) => postOrder(i % 2 === 0 ? ctx.app : other, orderBody(slot, q))),
    );
    let sold = 0;
    let smallestRefused = Infinity;
    responses.forEach((r, i) => {
      if (r.statusCode === 201) sold += quantities[i]!;
      else {
        expect(r.statusCode).toBe(409);
        expect(r.json()).toEqual({ error: 'out of stock' });
        smallestRefused = Math.min(smallestRefused, quantities[i]!);
      }
    });
    expect(sold).toBeLessThanOrEqual(50);
    // Greedy allocation: once everything is decided, no refused request would still fit.
    expect(50 - sold).toBeLessThan(smallestRefused);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(sold);
    const orders = await ctx.db.$client.query<{ q: number }>(
      'SELECT coalesce(sum(quantity), 0)::int AS q FROM orders WHERE time_span_id = $1',
      [slot.spanId],
    );
    expect(orders.rows[0]!.q).toBe(sold);
  });

  it('sells exactly the capacity when two instances race on single tickets', async () => {
    const other = await ctx.anotherApp();
    const slot = await productWithSlot(ctx.db, 37);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => postOrder(i % 2 ? other : ctx.app, orderBody(slot, 1))),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(37);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(163);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(37);
  });
});
