import JapaneseHolidays from 'japanese-holidays';

export interface PublicHoliday {
  /** yyyy-MM-dd (Tokyo). */
  date: string;
  /** The holiday's Japanese name (元日, 振替休日, 国民の休日, ...). */
  name: string;
}

/**
 * Japanese public holidays (国民の祝日, with substitute holidays and citizens' holidays) from `from` to `to`,
 * both included, in date order. Computed by `japanese-holidays` from the Act on National Holidays' rules,
 * including the law's one-off moves (2019's enthronement, 2020 and 2021's Olympic years); equinox days follow
 * the astronomical formula the Cabinet Office's announcements follow (ADR 069).
 */
export function japaneseHolidays(from: string, to: string): PublicHoliday[] {
  const holidays: PublicHoliday[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    for (const h of JapaneseHolidays.getHolidaysOf(year, true)) {
      const date = `${year}-${String(h.month).padStart(2, '0')}-${String(h.date).padStart(2, '0')}`;
      if (date >= from && date <= to) holidays.push({ date, name: h.name });
    }
  }
  return holidays.sort((a, b) => a.date.localeCompare(b.date));
}
