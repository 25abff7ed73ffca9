import { describe, expect, it } from 'vitest';
import { rerunIfDayChanged } from './tokyo-day.ts';

/**
 * The helper of the tests about "today" (onOneTokyoDay): a scenario a Tokyo midnight overtook runs once more
 * on the new day, and only then. The server's clock is played by a list of the days it answers in turn.
 */
function serverDays(...days: string[]): () => Promise<string> {
  return async () => (days.length > 1 ? days.shift()! : days[0]!);
}

describe('rerunIfDayChanged', () => {
  it('runs a scenario that failed after a Tokyo midnight again, in full, on the new day', async () => {
    const ranOn: string[] = [];
    // The server's day: at the start, then after the midnight (when the scenario's check found it moved on).
    const clock = serverDays('2027-03-31', '2027-04-01');
    const answer = await rerunIfDayChanged(clock, async (day) => {
      ranOn.push(day);
      // What a scenario about "today" finds once the server's day is no longer its fixtures' day.
      if (day !== '2027-04-01') throw new Error(`the fixtures of ${day} are not on today's list`);
      return `listed on ${day}`;
    });
    expect(ranOn).toEqual(['2027-03-31', '2027-04-01']);
    expect(answer).toBe('listed on 2027-04-01');
  });

  it('reports a failure on a day that did not change as it is, without running again', async () => {
    let runs = 0;
    await expect(
      rerunIfDayChanged(serverDays('2027-03-31'), async () => {
        runs += 1;
        throw new Error('a real failure');
      }),
    ).rejects.toThrow('a real failure');
    expect(runs).toBe(1);
  });

  it('reports the second failure when the scenario fails on the new day too', async () => {
    const ranOn: string[] = [];
    await expect(
      rerunIfDayChanged(serverDays('2027-03-31', '2027-04-01'), async (day) => {
        ranOn.push(day);
        throw new Error(`failed on ${day}`);
      }),
    ).rejects.toThrow('failed on 2027-04-01');
    expect(ranOn).toEqual(['2027-03-31', '2027-04-01']);
  });

  it('runs a scenario that passed once', async () => {
    let runs = 0;
    const answer = await rerunIfDayChanged(serverDays('2027-03-31', '2027-04-01'), async (day) => {
      runs += 1;
      return day;
    });
    expect([runs, answer]).toEqual([1, '2027-03-31']);
  });
});
