import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { createProduct, createTimeSpan } from '../../../test/factories.ts';
import { releaseHeldStock } from './release-holds.ts';
import { sellHeldStock } from './sell-held-stock.ts';

/**
 * The sale and the release of held stock (ADR 126, 130): the release locks one slot by its UPDATE alone and
 * several first in id order; the sale locks them in id order inside its commit. Concurrent transactions on
 * real PostgreSQL must neither lose an update nor deadlock, whichever order their claims name the slots in.
 */
describe('selling and releasing held stock concurrently', () => {
  const ctx = setupTestApp();

  async function slotHolding(held: number): Promise<number> {
    const product = await createProduct(ctx.db, {});
    const spanId = await createTimeSpan(ctx.db, { productId: product.id, capacity: 500 });
    await ctx.db.execute(sql`UPDATE time_spans SET held = ${held} WHERE id = ${spanId}`);
    return spanId;
  }

  const countsOf = async (spanId: number) => {
    const { rows } = await ctx.db.execute<{ held: number; sold: number }>(
      sql`SELECT held, sold FROM time_spans WHERE id = ${spanId}`,
    );
    return rows[0]!;
  };

  it('120 sales and 60 releases of one slot at once leave exact counts', async () => {
    const spanId = await slotHolding(240);
    const claim = [{ time_span_id: spanId, quantity: 1 }];
    await Promise.all([
      ...Array.from({ length: 120 }, () => ctx.db.transaction((tx) => sellHeldStock(tx, claim))),
      ...Array.from({ length: 60 }, (_, i) =>
        ctx.db.transaction((tx) => releaseHeldStock(tx, [{ id: i, ...claim[0]! }])),
      ),
    ]);
    expect(await countsOf(spanId)).toEqual({ held: 60, sold: 120 });
  });

  it('two-slot sales naming the slots in opposite orders neither deadlock nor lose an update', async () => {
    const first = await slotHolding(100);
    const second = await slotHolding(100);
    const forward = [
      { time_span_id: first, quantity: 1 },
      { time_span_id: second, quantity: 2 },
    ];
    const backward = [
      { time_span_id: second, quantity: 1 },
      { time_span_id: first, quantity: 2 },
    ];
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        ctx.db.transaction((tx) =>
          i % 2 === 0
            ? sellHeldStock(tx, forward)
            : releaseHeldStock(tx, backward.map((claim) => ({ id: i, ...claim }))),
        ),
      ),
    );
    // 15 sales of (1, 2) and 15 releases of (2 from first, 1 from second).
    expect(await countsOf(first)).toEqual({ held: 100 - 15 - 30, sold: 15 });
    expect(await countsOf(second)).toEqual({ held: 100 - 30 - 15, sold: 30 });
  });

  it('a sale takes the slot\'s lock only inside its commit, and its counts move then (ADR 130)', async () => {
    const spanId = await slotHolding(10);
    let sold!: () => void;
    let commit!: () => void;
    const soldInTransaction = new Promise<void>((resolve) => (sold = resolve));
    const mayCommit = new Promise<void>((resolve) => (commit = resolve));
    let countsInSale: unknown;
    const sale = ctx.db.transaction(async (tx) => {
      try {
        await sellHeldStock(tx, [{ time_span_id: spanId, quantity: 2 }]);
        const { rows } = await tx.execute<{ held: number; sold: number }>(
          sql`SELECT held, sold FROM time_spans WHERE id = ${spanId}`,
        );
        countsInSale = rows[0];
      } finally {
        // Whatever happened, the other writer below must not wait for this forever.
        sold();
      }
      await mayCommit;
    });
    await soldInTransaction;
    // Another writer of the slot's row while the sale's transaction is open: it would wait for the sale's
    // lock (and fail after 300 ms) had the sale taken it with its statement.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL lock_timeout = '300ms'`);
      await tx.execute(sql`UPDATE time_spans SET held = held + 1 WHERE id = ${spanId}`);
    });
    commit();
    await sale;
    // Within the sale's own transaction the slot still read as before it.
    expect(countsInSale).toEqual({ held: 10, sold: 0 });
    expect(await countsOf(spanId)).toEqual({ held: 9, sold: 2 });
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM slot_sales_at_commit WHERE time_span_id = ${spanId}`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
