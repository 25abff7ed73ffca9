/** Today in Tokyo as `yyyy-MM-dd` (`en-CA` formats so), where the counter is, whatever the browser's zone. */
export function tokyoToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
