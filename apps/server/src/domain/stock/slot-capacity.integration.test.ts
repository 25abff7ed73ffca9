import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setupTestApp } from '../../../test/helper.ts';
import { createTimeSpan } from '../../../test/factories.ts';
import { productWithSlot } from '../../../test/order-support.ts';
import { changeSlotCapacity } from './slot-capacity.ts';

describe('changeSlotCapacity', () => {
  const ctx = setupTestApp();

  const capacityOf = async (id: number) => {
    const { rows } = await ctx.db.execute<{ capacity: number; version: number }>(
      sql`SELECT capacity, version FROM time_spans WHERE id = ${id}`,
    );
    return rows[0]!;
  };

  it('sets each named slot and bumps its version', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const other = await createTimeSpan(ctx.db, { productId: slot.id, capacity: 10 });
    const result = await ctx.db.transaction((tx) =>
      changeSlotCapacity(tx, [
        { slotId: other, capacity: 4 },
        { slotId: slot.spanId, capacity: 12 },
      ]),
    );
    expect(result).toEqual({
      ok: true,
      changed: [
        { slotId: other, before: 10, after: 4 },
        { slotId: slot.spanId, before: 10, after: 12 },
      ],
    });
    expect(await capacityOf(other)).toEqual({ capacity: 4, version: 2 });
    expect(await capacityOf(slot.spanId)).toEqual({ capacity: 12, version: 2 });
  });

  it('refuses a slot named twice (which capacity would win?) and writes nothing', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const other = await createTimeSpan(ctx.db, { productId: slot.id, capacity: 10 });
    await expect(
      ctx.db.transaction((tx) =>
        changeSlotCapacity(tx, [
          { slotId: other, capacity: 3 },
          { slotId: slot.spanId, capacity: 5 },
          { slotId: slot.spanId, capacity: 7 },
        ]),
      ),
    ).rejects.toThrow('a slot named twice');
    expect((await capacityOf(slot.spanId)).capacity).toBe(10);
    expect((await capacityOf(other)).capacity).toBe(10);
  });

  it('refuses a slot that does not exist and writes nothing (callers scope their ids)', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    await expect(
      ctx.db.transaction((tx) =>
        changeSlotCapacity(tx, [
          { slotId: slot.spanId, capacity: 5 },
          { slotId: 2_000_000_000, capacity: 5 },
        ]),
      ),
    ).rejects.toThrow('no slot 2000000000');
    expect(await capacityOf(slot.spanId)).toEqual({ capacity: 10, version: 1 });
  });
});
