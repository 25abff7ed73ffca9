import { CROWDING_COLOURS } from '@kippu/contract/format/crowding';
import type { Db } from '../db/client.ts';
import { SITE_CATALOGUES } from './data/site-catalogues.ts';
import { TOKYO_TODAY } from '../db/tokyo-today.ts';
import { DEMO_DAYS_AHEAD } from './time-spans.ts';

/** Crowding colours of the demo calendar: busy, fairly busy, quiet (the order calendar's legend explains them). */
export const CALENDAR_COLORS = CROWDING_COLOURS;

/** Fixed-date national holidays of Japan (MM-DD), busy like weekends; moving holidays are left out of the demo. */
const HOLIDAYS = [
  '01-01',
  '01-02',
  '01-03',
  '02-11',
  '02-23',
  '04-29',
  '05-03',
  '05-04',
  '05-05',
  '08-11',
  '11-03',
  '11-23',
];

// Weekends and holidays busy, Fridays fairly busy, other open days quiet; closed days get no colour.
// Only colorized sites, and only dates after the site's last coloured one: a colour staff changed or
// removed stays as they left it.
const INSERT_COLORS = `
INSERT INTO calendar_colors (site_code, date, color_code)
SELECT s.code,
       d.day::date,
       CASE
         WHEN extract(isodow FROM d.day) IN (6, 7) OR to_char(d.day, 'MM-DD') = ANY ($3::text[]) THEN $4
         WHEN extract(isodow FROM d.day) = 5 THEN $5
         ELSE $6
       END
FROM jsonb_to_recordset($1::jsonb) AS c(site text, closed int[])
JOIN sites s ON s.code = c.site AND s.calendar_colorized
LEFT JOIN LATERAL (SELECT max(date) AS date FROM calendar_colors WHERE site_code = s.code) last ON true
CROSS JOIN LATERAL generate_series(${TOKYO_TODAY}, ${TOKYO_TODAY} + ($2::int - 1), interval '1 day') AS d(day)
WHERE NOT (extract(isodow FROM d.day)::int = ANY (c.closed))
  AND (last.date IS NULL OR d.day::date > last.date)
ON CONFLICT (site_code, date) DO NOTHING`;

/** The busy colour this seed wrote before issue 32: a red that read as sold out. */
const EARLIER_BUSY = '#f6b1b1';

export async function seedCalendarColors(db: Db, daysAhead = DEMO_DAYS_AHEAD): Promise<void> {
  // Days the seed coloured busy in the earlier red take the new busy colour (the legend explains it).
  await db.$client.query('UPDATE calendar_colors SET color_code = $1 WHERE color_code = $2', [
    CALENDAR_COLORS.busy,
    EARLIER_BUSY,
  ]);
  const sites = Object.entries(SITE_CATALOGUES).map(([site, catalogue]) => ({
    site,
    closed: catalogue.closedIsoDays,
  }));
  await db.$client.query(INSERT_COLORS, [
    JSON.stringify(sites),
    daysAhead,
    HOLIDAYS,
    CALENDAR_COLORS.busy,
    CALENDAR_COLORS.fair,
    CALENDAR_COLORS.quiet,
  ]);
}
