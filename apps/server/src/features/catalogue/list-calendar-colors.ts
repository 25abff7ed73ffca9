import type { CalendarColor, SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { coalesceReads } from './coalesce-reads.ts';

/** Only a colorized site (`sites.calendar_colorized`, served as settings.calendar.colorized) answers colours. */
const CALENDAR_COLORS_SQL = `
SELECT c.date::text AS date, c.color_code
FROM calendar_colors c
JOIN sites s ON s.code = c.site_code
WHERE c.site_code = $1
  AND c.date BETWEEN $2::date AND $3::date
  AND s.calendar_colorized
ORDER BY c.date`;

/** GET /calendar/colors: the colour of each coloured date in [from, to]. */
async function loadListCalendarColors(
  db: Db,
  input: { site: SiteCode; from: string; to: string },
): Promise<CalendarColor[]> {
  const { rows } = await db.$client.query<CalendarColor>({
    name: 'catalogue-calendar-colors',
    text: CALENDAR_COLORS_SQL,
    values: [input.site, input.from, input.to],
  });
  return rows;
}

export const listCalendarColors = coalesceReads(loadListCalendarColors);
