import type { Db } from '../db/client.ts';
import { TOKYO_TODAY } from '../db/tokyo-today.ts';
import { SITE_CATALOGUES } from './data/site-catalogues.ts';
import { productUuid } from './demo-ids.ts';

/** How far ahead the demo always has stock; each start (and every 6 hours) adds the days new since. */
export const DEMO_DAYS_AHEAD = 90;

/**
 * SQL: the start of the product's last span (null when it has none). Only spans that start after it are
 * added, so a run adds the days new since the last one and never brings back a slot staff deleted.
 */
const LAST_START = `LEFT JOIN LATERAL (SELECT max(starts_at) AS at FROM time_spans WHERE product_id = p.id) last ON true`;

// Local Tokyo wall-clock times become timestamptz with AT TIME ZONE; the unique (product_id, starts_at)
// index keeps two servers seeding at once from adding a span twice.
const INSERT_SLOTS = `
INSERT INTO time_spans (product_id, starts_at, ends_at, capacity)
SELECT p.id,
       s.local_start AT TIME ZONE 'Asia/Tokyo',
       (s.local_start + make_interval(mins => c.step_minutes)) AT TIME ZONE 'Asia/Tokyo',
       c.capacity
FROM jsonb_to_recordset($1::jsonb) AS c(uuid uuid, first_at time, last_at time, step_minutes int, capacity int, closed int[])
JOIN products p ON p.uuid = c.uuid
${LAST_START}
CROSS JOIN LATERAL generate_series(${TOKYO_TODAY}, ${TOKYO_TODAY} + ($2::int - 1), interval '1 day') AS d(day)
CROSS JOIN LATERAL generate_series(d.day::date + c.first_at, d.day::date + c.last_at, make_interval(mins => c.step_minutes)) AS s(local_start)
WHERE NOT (extract(isodow FROM d.day)::int = ANY (c.closed))
  AND (last.at IS NULL OR s.local_start AT TIME ZONE 'Asia/Tokyo' > last.at)
ON CONFLICT (product_id, starts_at) DO NOTHING`;

const INSERT_DAYS = `
INSERT INTO time_spans (product_id, starts_at, ends_at, capacity)
SELECT p.id,
       (d.day::date + c.opens) AT TIME ZONE 'Asia/Tokyo',
       (d.day::date + c.closes) AT TIME ZONE 'Asia/Tokyo',
       c.capacity
FROM jsonb_to_recordset($1::jsonb) AS c(uuid uuid, opens time, closes time, capacity int, closed int[])
JOIN products p ON p.uuid = c.uuid
${LAST_START}
CROSS JOIN LATERAL generate_series(${TOKYO_TODAY}, ${TOKYO_TODAY} + ($2::int - 1), interval '1 day') AS d(day)
WHERE NOT (extract(isodow FROM d.day)::int = ANY (c.closed))
  AND (last.at IS NULL OR (d.day::date + c.opens) AT TIME ZONE 'Asia/Tokyo' > last.at)
ON CONFLICT (product_id, starts_at) DO NOTHING`;

// A pass starts on the first of a month and runs a year; one span per month that the window touches.
const INSERT_PERIODS = `
INSERT INTO time_spans (product_id, starts_at, ends_at, capacity)
SELECT p.id,
       m.month AT TIME ZONE 'Asia/Tokyo',
       (m.month + interval '1 year') AT TIME ZONE 'Asia/Tokyo',
       c.capacity
FROM jsonb_to_recordset($1::jsonb) AS c(uuid uuid, capacity int)
JOIN products p ON p.uuid = c.uuid
${LAST_START}
CROSS JOIN LATERAL generate_series(date_trunc('month', ${TOKYO_TODAY}::timestamp),
                                   date_trunc('month', (${TOKYO_TODAY} + ($2::int - 1))::timestamp),
                                   interval '1 month') AS m(month)
WHERE last.at IS NULL OR m.month AT TIME ZONE 'Asia/Tokyo' > last.at
ON CONFLICT (product_id, starts_at) DO NOTHING`;

/** Stock for every demo product from today (Asia/Tokyo) for the next DEMO_DAYS_AHEAD days. */
export async function seedTimeSpans(db: Db, daysAhead = DEMO_DAYS_AHEAD): Promise<void> {
  const slots: object[] = [];
  const days: object[] = [];
  const periods: object[] = [];
  for (const [site, catalogue] of Object.entries(SITE_CATALOGUES)) {
    for (const product of catalogue.products) {
      const uuid = productUuid(site, product.key);
      const { stock } = product;
      const closed = catalogue.closedIsoDays;
      if (stock.kind === 'slots') {
        slots.push({
          uuid,
          first_at: stock.first,
          last_at: stock.last,
          step_minutes: stock.stepMinutes,
          capacity: stock.capacity,
          closed,
        });
      } else if (stock.kind === 'day') {
        days.push({ uuid, opens: stock.opens, closes: stock.closes, capacity: stock.capacity, closed });
      } else {
        periods.push({ uuid, capacity: stock.capacity });
      }
    }
  }
  await db.$client.query(INSERT_SLOTS, [JSON.stringify(slots), daysAhead]);
  await db.$client.query(INSERT_DAYS, [JSON.stringify(days), daysAhead]);
  await db.$client.query(INSERT_PERIODS, [JSON.stringify(periods), daysAhead]);
}
