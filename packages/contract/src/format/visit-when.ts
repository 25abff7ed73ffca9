import type { LangCode, ProductType } from '../enums.ts';
import { formatDate, formatDateRange, formatTimeRange } from './date.ts';
import { toInstant, type DateInput } from './tokyo-date.ts';

/**
 * When a ticket is for, in the visitor's language (spec §9): a timed ticket has its date and entry time
 * range, a day ticket its date, a pass the range of dates it is valid for. One rule for the screens and
 * the mails.
 */
export function visitWhen(
  type: ProductType,
  start: DateInput,
  end: DateInput,
  lang: LangCode,
): { date: string; time: string | null } {
  switch (type) {
    case 'time':
      return { date: formatDate(start, lang), time: formatTimeRange(start, end, lang) };
    case 'date':
      return { date: formatDate(start, lang), time: null };
    case 'period':
      return { date: formatDateRange(start, lastMomentOf(end), lang), time: null };
  }
}

/**
 * A span's end is exclusive: a pass that ends at midnight (a year from 1 November ends at 00:00 on the next
 * 1 November) is valid through the day before, and that is the day to print. An end within a day is that day.
 */
function lastMomentOf(end: DateInput): Date {
  return new Date(toInstant(end).getTime() - 1);
}
