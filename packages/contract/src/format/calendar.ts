import { pad2, weekdayOf } from './tokyo-date.ts';

/** Day grids start their weeks on Sunday (spec §9); month titles are formatYearMonth's (date.ts). */
export const WEEK_STARTS_ON = 0;

export interface YearMonth {
  year: number;
  /** 1 to 12 */
  month: number;
}

function dateString(year: number, month: number, day: number): string {
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** The month of a `yyyy-MM-dd` date. */
export function monthOf(date: string): YearMonth {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

export function daysInMonth({ year, month }: YearMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The month `delta` months away: shiftMonth({2022, 12}, 1) is {2023, 1}. */
export function shiftMonth({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Calendar-date arithmetic on 'YYYY-MM-DD', free of timezones and daylight saving. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return dateString(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** First and last day of a month, as the from/to of the calendar and stock-status calls. */
export function monthRange(yearMonth: YearMonth): { from: string; to: string } {
  const { year, month } = yearMonth;
  return { from: dateString(year, month, 1), to: dateString(year, month, daysInMonth(yearMonth)) };
}

/**
 * The weeks of a month for a day grid, Sunday first; days outside the month are null, so every
 * week has seven cells.
 */
export function monthGrid(yearMonth: YearMonth): (string | null)[][] {
  const { year, month } = yearMonth;
  const leading = (weekdayOf(year, month, 1) - WEEK_STARTS_ON + 7) % 7;
  const cells: (string | null)[] = Array.from({ length: leading }, () => null);
  for (let day = 1; day <= daysInMonth(yearMonth); day++) cells.push(dateString(year, month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}
