import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SignageToday } from '@kippu/contract';
import { setupTestApp } from '../../../test/helper.ts';
import { SITE_PATH, orderBody, postOrder, productWithSlot } from '../../../test/order-support.ts';
import { payWithCard, readyOrder, type Slot } from '../../../test/checkout-support.ts';
import { nextTokyoMidnight, onOneTokyoDay, tokyoMidnight } from '../../../test/tokyo-day.ts';
import { sweepExpiredHolds } from '../../domain/order-expiry/sweep-expired-holds.ts';

const ctx = setupTestApp();

const today = (headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/signage/today`, headers });

async function remainingOf(spanId: number): Promise<number | undefined> {
  const body = (await today()).json<SignageToday>();
  return body.products.flatMap((p) => p.slots).find((s) => s.id === spanId)?.remaining;
}

/**
 * A day ticket for `day` (on sale until its midnight, whatever the hour of the run) and another product's
 * for the day after: the signage of `day` lists the first and not the second.
 */
async function dayTickets(day: string): Promise<{ slot: Slot; tomorrow: Slot }> {
  const slot = await productWithSlot(ctx.db, 5, { type: 'date' }, { startsAt: tokyoMidnight(day) });
  await ctx.db.execute(
    sql`UPDATE time_spans SET ends_at = starts_at + interval '1 day' WHERE id = ${slot.spanId}`,
  );
  const tomorrow = await productWithSlot(ctx.db, 5, { type: 'date' }, { startsAt: nextTokyoMidnight(day) });
  return { slot, tomorrow };
}

// Each scenario makes its own day tickets for the server's Tokyo day and runs on them; one that a Tokyo
// midnight overtook (its "today" moved on) runs again on the new day's (onOneTokyoDay).
describe('GET /signage/today', () => {
  it("lists today's slots with every language's name, and not tomorrow's", async () => {
    await onOneTokyoDay(ctx.db, async (day) => {
      const { slot, tomorrow } = await dayTickets(day);
      const res = await today();
      expect(res.statusCode).toBe(200);
      const body = res.json<SignageToday>();
      expect(body.date).toBe(day);
      const product = body.products.find((p) => p.uuid === slot.uuid);
      expect(product?.names.en).toBe('Fixture product (en)');
      expect(product?.slots).toEqual([
        expect.objectContaining({ id: slot.spanId, capacity: 5, remaining: 5, status: 'open' }),
      ]);
      expect(body.products.find((p) => p.uuid === tomorrow.uuid)).toBeUndefined();
    });
  });

  it('leaves out a product that is a draft or retired (issue 28): the console has not put it on sale', async () => {
    await onOneTokyoDay(ctx.db, async (day) => {
      const { slot } = await dayTickets(day);
      for (const status of ['draft', 'retired', 'published'] as const) {
        await ctx.db.execute(sql`UPDATE products SET status = ${status} WHERE uuid = ${slot.uuid}::uuid`);
        const listed = (await today()).json<SignageToday>().products.some((p) => p.uuid === slot.uuid);
        expect(listed, status).toBe(status === 'published');
      }
    });
  });

  it('answers 304 to the current ETag and a new ETag after a hold, a sale and an expiry', async () => {
    await onOneTokyoDay(ctx.db, async (day) => {
      const { slot } = await dayTickets(day);
      const first = await today();
      expect(first.json<SignageToday>().date).toBe(day);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const unchanged = await today({ 'if-none-match': etag });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.body).toBe('');

      // A hold takes one.
      const held = await postOrder(ctx.app, orderBody(slot, 1));
      expect(held.statusCode).toBe(201);
      expect(await remainingOf(slot.spanId)).toBe(4);
      expect((await today({ 'if-none-match': etag })).statusCode).toBe(200);

      // A sale keeps two taken (held → sold).
      const order = await readyOrder(ctx.app, ctx.db, slot, 1, 'signage@example.jp');
      expect(await remainingOf(slot.spanId)).toBe(3);
      expect((await payWithCard(ctx.app, order.token)).json()).toMatchObject({ status: 'reserved' });
      expect(await remainingOf(slot.spanId)).toBe(3);

      // The first hold runs out: its ticket comes back.
      await ctx.db.execute(
        sql`UPDATE orders SET expires_at = now() - interval '1 second'
            WHERE order_token = ${held.json<{ order_token: string }>().order_token}`,
      );
      await sweepExpiredHolds(ctx.db);
      expect(await remainingOf(slot.spanId)).toBe(4);
    });
  });

  it('shows a slot sold out and one taken off sale as closed', async () => {
    await onOneTokyoDay(ctx.db, async (day) => {
      const { slot } = await dayTickets(day);
      await ctx.db.execute(sql`UPDATE time_spans SET sold = 2, capacity = 2 WHERE id = ${slot.spanId}`);
      const soldOut = (await today()).json<SignageToday>().products.find((p) => p.uuid === slot.uuid);
      expect(soldOut?.slots[0]).toMatchObject({ remaining: 0, status: 'sold_out' });
      await ctx.db.execute(sql`UPDATE time_spans SET on_sale = false WHERE id = ${slot.spanId}`);
      const closed = (await today()).json<SignageToday>().products.find((p) => p.uuid === slot.uuid);
      expect(closed?.slots[0]).toMatchObject({ status: 'closed' });
    });
  });
});
