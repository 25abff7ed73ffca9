import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/helper.ts';
import { keepDemoWindowOpen } from './index.ts';

describe('keepDemoWindowOpen', () => {
  const ctx = setupTestApp();

  const lastSlotDaysAhead = async () => {
    const { rows } = await ctx.db.$client.query<{ days: number }>(
      `SELECT floor(extract(epoch FROM max(starts_at) - now()) / 86400)::int AS days FROM time_spans`,
    );
    return rows[0]!.days;
  };

  it('adds back the future days of the stock window while the server runs', async () => {
    await ctx.db.$client.query(
      `DELETE FROM time_spans WHERE starts_at > now() + interval '30 days'
         AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.time_span_id = time_spans.id)`,
    );
    expect(await lastSlotDaysAhead()).toBeLessThanOrEqual(30);

    const errors: unknown[] = [];
    const demoWindow = keepDemoWindowOpen(ctx.db, (error) => errors.push(error), 50);
    try {
      await expect.poll(lastSlotDaysAhead, { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(88);
    } finally {
      await demoWindow.stop();
    }
    expect(errors).toEqual([]);
  });
});
