import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { orderBody, postOrder, productWithSlot } from '../../../test/order-support.ts';

/** Minutes between the answer's expiry and the moment the order was asked for. */
async function holdMinutesOf(ctx: ReturnType<typeof setupTestApp>, site: string): Promise<number> {
  const slot = await productWithSlot(ctx.db, 10, { site });
  const before = Date.now();
  const res = await postOrder(ctx.app, orderBody(slot), `/${site.toLowerCase()}/api/v1`);
  expect(res.statusCode).toBe(201);
  return Math.round((new Date(res.json().expires_at).getTime() - before) / 60_000);
}

describe('hold minutes: the site column wins, else HOLD_MINUTES (ADR 014)', () => {
  const ctx = setupTestApp({ HOLD_MINUTES: '7' });

  it('uses HOLD_MINUTES on a site that sets none (most demo sites)', async () => {
    expect(await holdMinutesOf(ctx, 'NAGAI')).toBe(7);
  });

  it("uses the site's own hold_minutes where it is set", async () => {
    expect(await holdMinutesOf(ctx, 'ARTIZON')).toBe(30);
    await ctx.db.$client.query("UPDATE sites SET hold_minutes = 3 WHERE code = 'RUINS'");
    expect(await holdMinutesOf(ctx, 'RUINS')).toBe(3);
  });
});
