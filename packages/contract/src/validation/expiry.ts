/**
 * Card expiry (spec §5 "expired"): valid unless the month/year lies before the first day of the
 * current month. "Current month" is the calendar month in Asia/Tokyo, where the product is sold,
 * so a card expiring in March still works at 23:59 on 31 March in Tokyo even though UTC has moved on.
 */
import { tokyoDateParts } from '../format/tokyo-date.ts';

/** Card forms ask for a two-digit year; 2000 is the only century such a card can be in. */
function fullYear(year: string): number {
  return year.length <= 2 ? 2000 + Number(year) : Number(year);
}

/**
 * True when the card has not expired. Passes when both parts are empty (the field is optional until
 * a card is entered); one part alone, or a part that is not a month/year, fails.
 */
export function isNotExpired(
  month: string | null | undefined,
  year: string | null | undefined,
  now: Date,
): boolean {
  const m = (month ?? '').trim();
  const y = (year ?? '').trim();
  if (m === '' && y === '') return true;
  if (!/^[0-9]{1,2}$/.test(m) || !/^[0-9]{2}$|^[0-9]{4}$/.test(y)) return false;
  const expiryMonth = Number(m);
  if (expiryMonth < 1 || expiryMonth > 12) return false;
  const current = tokyoDateParts(now);
  const expiryYear = fullYear(y);
  return expiryYear > current.year || (expiryYear === current.year && expiryMonth >= current.month);
}
