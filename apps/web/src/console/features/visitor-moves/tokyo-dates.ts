/** Calendar arithmetic on Tokyo dates (`yyyy-MM-dd`), where the venues are, whatever the browser's zone. */

const TOKYO_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Tokyo (`en-CA` formats as yyyy-MM-dd). */
export function tokyoToday(now: Date = new Date()): string {
  return TOKYO_DATE.format(now);
}

/** The Tokyo date of an instant. */
export function tokyoDateOf(iso: string): string {
  return TOKYO_DATE.format(new Date(iso));
}

/** `date` plus `days` calendar days (UTC arithmetic on the date alone: no zone, no daylight saving). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * A `datetime-local` value read as Tokyo time (`2026-12-01T18:00` → `2026-12-01T18:00:00+09:00`): staff pick
 * the deadline in the venue's time, whatever zone their browser is set to. Empty stays empty.
 */
export function tokyoLocalToIso(value: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+09:00` : undefined;
}
