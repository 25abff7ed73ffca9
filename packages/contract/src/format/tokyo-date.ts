/**
 * Calendar parts of an instant in Asia/Tokyo, the display timezone of spec §9, whatever the
 * timezone of the machine. Tokyo has kept UTC+9 all year since 1951 (no daylight saving), so its wall
 * clock is UTC shifted by nine hours. No Intl timezone formatter: the first Intl object a page builds
 * loads the browser's ICU data, 150 ms or more of a throttled phone's main thread (docs/benchmarks.md).
 */
/** A Date, an ISO date-time string, or a date-only 'YYYY-MM-DD' that is a Tokyo calendar date. */
export type DateInput = Date | string;

export interface TokyoDateParts {
  year: number;
  /** 1 to 12 */
  month: number;
  day: number;
  /** 0 is Sunday, as Date.getDay */
  weekday: number;
  hour: number;
  minute: number;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// A date-time with neither Z nor an offset would otherwise be read in the machine's own timezone.
const NO_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Weekday of a calendar date, independent of any timezone. */
export function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** Reads an instant; a date-time without an offset is Tokyo wall-clock time. */
export function toInstant(input: DateInput): Date {
  if (input instanceof Date) {
    if (Number.isNaN(input.getTime())) throw new RangeError('Invalid date');
    return input;
  }
  const date = DATE_ONLY.test(input)
    ? new Date(`${input}T00:00:00+09:00`)
    : new Date(NO_OFFSET.test(input) ? `${input}+09:00` : input);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${input}`);
  return date;
}

export function tokyoDateParts(input: DateInput): TokyoDateParts {
  if (typeof input === 'string') {
    const dateOnly = DATE_ONLY.exec(input);
    if (dateOnly) {
      const [year, month, day] = dateOnly.slice(1).map(Number) as [number, number, number];
      const check = new Date(Date.UTC(year, month - 1, day));
      if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
        throw new RangeError(`Invalid date: ${input}`);
      }
      return { year, month, day, weekday: weekdayOf(year, month, day), hour: 0, minute: 0 };
    }
  }
  const wallClock = new Date(toInstant(input).getTime() + TOKYO_OFFSET_MS);
  return {
    year: wallClock.getUTCFullYear(),
    month: wallClock.getUTCMonth() + 1,
    day: wallClock.getUTCDate(),
    weekday: wallClock.getUTCDay(),
    hour: wallClock.getUTCHours(),
    minute: wallClock.getUTCMinutes(),
  };
}

export function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** The Tokyo calendar date of an instant, as 'YYYY-MM-DD' (the API's date format). */
export function toTokyoDateString(input: DateInput): string {
  const { year, month, day } = tokyoDateParts(input);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Milliseconds from the instant `now` (ms since the epoch) to the next midnight in Tokyo. */
export function msUntilTokyoMidnight(now: number): number {
  return DAY_MS - ((now + TOKYO_OFFSET_MS) % DAY_MS);
}
