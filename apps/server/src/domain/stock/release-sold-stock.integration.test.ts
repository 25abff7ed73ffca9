import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { createProduct, createTimeSpan } from '../../../test/factories.ts';
import { releaseSoldStock } from './release-sold-stock.ts';

const HOUR = 3600 * 1000;

/**
 * releaseSoldStock gives a place back exactly while the web still sells the slot (slot-sale.ts, review
 * finding 16): a timed slot until it starts, a day ticket or a period pass until its span ends, so a day
 * ticket refunded during its day frees a place the web is still selling.
 */
describe('releaseSoldStock', () => {
  const ctx = setupTestApp();

  /** A slot of a product of `type` that starts `startsIn` from now and lasts `minutes`, with 3 places sold. */
  async function soldSlot(type: 'time' | 'date' | 'period', startsIn: number, minutes: number) {
    const product = await createProduct(ctx.db, { type });
    const spanId = await createTimeSpan(ctx.db, {
      productId: product.id,
      capacity: 10,
      startsAt: new Date(Date.now() + startsIn),
      minutes,
    });
    await ctx.db.execute(sql`UPDATE time_spans SET sold = 3 WHERE id = ${spanId}`);
    return spanId;
  }

  const soldOf = async (spanId: number) => {
    const { rows } = await ctx.db.execute<{ sold: number }>(
      sql`SELECT sold FROM time_spans WHERE id = ${spanId}`,
    );
    return rows[0]!.sold;
  };

  const release = (spanId: number, quantity: number) =>
    ctx.db.transaction((tx) => releaseSoldStock(tx, [{ time_span_id: spanId, quantity }]));

  it('a day ticket refunded during its day gives its place back (it sells until the day ends)', async () => {
    const day = await soldSlot('date', -2 * HOUR, 10 * 60);
    expect(await release(day, 1)).toBe(1);
    expect(await soldOf(day)).toBe(2);
  });

  it('a period pass refunded mid-period gives its place back', async () => {
    const period = await soldSlot('period', -10 * 24 * HOUR, 30 * 24 * 60);
    expect(await release(period, 2)).toBe(2);
    expect(await soldOf(period)).toBe(1);
  });

  it('a timed slot gives places back before it starts, not once it runs (the web stops at the start)', async () => {
    const coming = await soldSlot('time', 2 * HOUR, 30);
    const running = await soldSlot('time', -10 * 60 * 1000, 30);
    expect(await release(coming, 1)).toBe(1);
    expect(await release(running, 1)).toBe(0);
    expect(await soldOf(coming)).toBe(2);
    expect(await soldOf(running)).toBe(3);
  });

  it('a day whose span has ended keeps what the gate counted', async () => {
    const past = await soldSlot('date', -26 * HOUR, 10 * 60);
    expect(await release(past, 1)).toBe(0);
    expect(await soldOf(past)).toBe(3);
  });
});
