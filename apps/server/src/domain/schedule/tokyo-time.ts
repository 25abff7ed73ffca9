/**
 * Asia/Tokyo wall-clock arithmetic for slots. Japan has kept UTC+9 without daylight saving since 1951, so a
 * Tokyo date and time is one fixed offset from UTC: no time-zone library is needed (the seed and the database
 * use `AT TIME ZONE 'Asia/Tokyo'`, which agrees).
 */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Minutes since midnight of an HH:MM time. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

/** HH:MM of minutes since midnight (0 to 1439). */
export function clockOf(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** The instant of a Tokyo date (yyyy-MM-dd) at `minutes` past its midnight. */
export function tokyoInstant(date: string, minutes: number): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - TOKYO_OFFSET_MS + minutes * 60_000);
}

/** The Tokyo date (yyyy-MM-dd) and time (HH:MM) of an instant. */
export function tokyoParts(instant: Date): { date: string; time: string } {
  const shifted = new Date(instant.getTime() + TOKYO_OFFSET_MS);
  const iso = shifted.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    dates.push(new Date(t).toISOString().slice(0, 10));
  }
  return dates;
}

/** ISO weekday of a date: 1 Monday ... 7 Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}
