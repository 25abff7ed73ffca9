/** The instant of today's Tokyo midnight: a day ticket's span for "today" starts there. */
export function tokyoMidnightToday(now = new Date()): Date {
  const tokyo = new Date(now.getTime() + 9 * 3600 * 1000);
  return new Date(
    Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth(), tokyo.getUTCDate()) - 9 * 3600 * 1000,
  );
}
