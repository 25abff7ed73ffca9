import { addDays } from '@kippu/contract';
import type { Db } from '../src/db/client.ts';
import { tokyoToday } from '../src/db/tokyo-today.ts';

/** The instant a Tokyo day (yyyy-MM-dd) starts: 15:00 UTC of the day before. */
export function tokyoMidnight(day: string): Date {
  return new Date(`${day}T00:00:00+09:00`);
}

/** The instant the Tokyo day after `day` starts. */
export function nextTokyoMidnight(day: string): Date {
  return tokyoMidnight(addDays(day, 1));
}

/**
 * Runs a scenario about "today" (Tokyo) on fixtures it makes for `day`, the server's Tokyo day when it starts.
 * A Tokyo midnight (15:00 UTC) while it runs moves the server's "today" away from those fixtures, so if the
 * scenario fails and the day has changed since it started, it runs once more, in full, on fresh fixtures for
 * the new day (two midnights cannot pass in one run). A failure on a day that did not change is reported
 * as it is: nothing is retried or loosened then.
 */
export function onOneTokyoDay<T>(db: Db, scenario: (day: string) => Promise<T>): Promise<T> {
  return rerunIfDayChanged(() => tokyoToday(db), scenario);
}

/** onOneTokyoDay with the day read from `serverDay` (a test of it plays a midnight with its own clock). */
export async function rerunIfDayChanged<T>(
  serverDay: () => Promise<string>,
  scenario: (day: string) => Promise<T>,
): Promise<T> {
  const day = await serverDay();
  try {
    return await scenario(day);
  } catch (error) {
    const now = await serverDay();
    if (now === day) throw error;
    // Said, not swallowed: a failure that only shows across a midnight is worth a look even when the rerun
    // passes.
    console.warn(`[tokyo-day] failed across Tokyo midnight (${day} → ${now}); running once more:`, error);
    return scenario(now);
  }
}
