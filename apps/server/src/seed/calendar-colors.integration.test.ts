import { describe, expect, it } from 'vitest';
import { CROWDING_COLOURS } from '@kippu/contract/format/crowding';
import { setupTestApp } from '../../test/helper.ts';
import { seedCalendarColors } from './calendar-colors.ts';

/** Issue 32: busy days were a red that read as sold out; the seed's colours are the contract's crowding palette. */
describe('seedCalendarColors', () => {
  const ctx = setupTestApp();
  const colours = async () =>
    (
      await ctx.db.$client.query<{ color_code: string }>(
        `SELECT DISTINCT color_code FROM calendar_colors ORDER BY color_code`,
      )
    ).rows.map((row) => row.color_code);

  it('writes the crowding palette and repaints days coloured in the earlier red, leaving staff colours', async () => {
    expect((await colours()).sort()).toEqual(Object.values(CROWDING_COLOURS).sort());
    await ctx.db.$client.query(
      `UPDATE calendar_colors SET color_code = '#f6b1b1'
        WHERE date IN (SELECT date FROM calendar_colors ORDER BY date LIMIT 2)`,
    );
    await ctx.db.$client.query(
      `UPDATE calendar_colors SET color_code = '#123456'
        WHERE date IN (SELECT date FROM calendar_colors ORDER BY date DESC LIMIT 1)`,
    );
    await seedCalendarColors(ctx.db);
    expect(await colours()).not.toContain('#f6b1b1');
    expect(await colours()).toContain('#123456');
  });
});
