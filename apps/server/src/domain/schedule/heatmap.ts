import { sql } from 'drizzle-orm';
import { LANG_CODES, type LocalizedText } from '@kippu/contract';
import { datesInRange } from '@kippu/contract/endpoints/catalogue-common';
import {
  HEATMAP_DEFAULT_DAYS,
  HEATMAP_MAX_DAYS,
  type Heatmap,
} from '@kippu/contract/console/schedule-schemas';
import type { Db } from '../../db/client.ts';
import { TOKYO_TODAY, tokyoToday } from '../../db/tokyo-today.ts';
import { AppError } from '../../shared/app-error.ts';
import { clockOf } from './tokyo-time.ts';

/** The range asked for, today (Tokyo) and HEATMAP_DEFAULT_DAYS days where the query names none. */
async function rangeOf(db: Db, range: { from?: string; to?: string }): Promise<{ from: string; to: string }> {
  const from = range.from ?? (await tokyoToday(db));
  const to =
    range.to ??
    new Date(Date.parse(`${from}T00:00:00Z`) + (HEATMAP_DEFAULT_DAYS - 1) * 86_400_000)
      .toISOString()
      .slice(0, 10);
  const days = datesInRange(from, to);
  if (days < 1 || days > HEATMAP_MAX_DAYS) {
    throw new AppError('invalid_request', undefined, {
      issues: [{ path: 'querystring.to', message: `from today, at most ${HEATMAP_MAX_DAYS} days` }],
    });
  }
  return { from, to };
}

/**
 * The capacity heatmap of a site (issue 28): every slot whose Tokyo start date is in [from, to], of the site's
 * products or of the one asked for, with the site's products; ONE statement (the console polls it). The range
 * becomes a starts_at range so the (product_id, starts_at) unique index serves each product.
 */
export async function readHeatmap(
  db: Db,
  siteCode: string,
  query: { from?: string; to?: string; productUuid?: string },
): Promise<Heatmap> {
  const product = query.productUuid ?? null;
  const range = await rangeOf(db, query);
  const { rows } = await db.execute<{
    products: (Heatmap['products'][number] & { id: number })[];
    slots: SlotCells[];
  }>(sql`
    WITH site_products AS (
      SELECT p.id, p.uuid, p.product_type, p.names, p.position FROM products p WHERE p.site_code = ${siteCode}
    )
    SELECT
      (SELECT COALESCE(json_agg(json_build_object(
                'id', sp.id, 'uuid', sp.uuid, 'product_type', sp.product_type, 'names', sp.names,
                'future_slots', (SELECT count(*) FROM time_spans f
                                 WHERE f.product_id = sp.id
                                   AND f.starts_at >= (${sql.raw(TOKYO_TODAY)})::timestamp AT TIME ZONE 'Asia/Tokyo'))
              ORDER BY sp.position, sp.id), '[]') FROM site_products sp) AS products,
      (SELECT COALESCE(json_agg(json_build_array(
                t.id, p.id, floor(extract(epoch FROM t.starts_at) * 1000)::bigint,
                floor(extract(epoch FROM t.ends_at) * 1000)::bigint, t.capacity, t.sold, t.held, t.on_sale,
                t.version, t.edited_at IS NOT NULL, t.starts_at <= now())
              ORDER BY t.starts_at, p.position, p.id), '[]')
       FROM site_products p JOIN time_spans t ON t.product_id = p.id
       WHERE (${product}::uuid IS NULL OR p.uuid = ${product}::uuid)
         AND t.starts_at >= (${range.from}::date)::timestamp AT TIME ZONE 'Asia/Tokyo'
         AND t.starts_at < (${range.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Tokyo') AS slots`);
  const row = rows[0]!;
  const uuids = new Map(row.products.map((p) => [Number(p.id), p.uuid]));
  const clock = tokyoClock();
  return {
    site: siteCode,
    from: range.from,
    to: range.to,
    // A draft may lack a language yet (the catalogue marks it): the heatmap shows '' for it, never fails.
    products: row.products.map(({ id: _id, ...p }) => ({
      ...p,
      names: Object.fromEntries(LANG_CODES.map((lang) => [lang, p.names?.[lang] ?? ''])) as LocalizedText,
      future_slots: Number(p.future_slots),
    })),
    slots: row.slots.map(
      ([id, productId, startMs, endMs, capacity, sold, held, onSale, version, edited, started]) => {
        const start = clock(startMs);
        return {
          id: Number(id),
          product_uuid: uuids.get(Number(productId))!,
          date: start.date,
          start_time: start.time,
          end_time: clock(endMs).time,
          starts_at: new Date(startMs).toISOString(),
          ends_at: new Date(endMs).toISOString(),
          capacity,
          sold,
          held,
          on_sale: onSale,
          version,
          edited_by_hand: edited,
          started,
        };
      },
    ),
  };
}

/**
 * A slot as the statement sends it: a compact array (id, product id, start and end in epoch ms, capacity, sold,
 * held, on sale, version, edited by hand, started). A sixth of the JSON objects' size: PostgreSQL builds and
 * this process parses 1 200 of them per call.
 */
type SlotCells = [number, number, number, number, number, number, number, boolean, number, boolean, boolean];

/** Tokyo date and HH:MM of epoch milliseconds (UTC+9, no daylight saving), dates memoised per call. */
function tokyoClock(): (ms: number) => { date: string; time: string } {
  const dates = new Map<number, string>();
  return (ms) => {
    const local = ms + TOKYO_OFFSET_MS;
    const day = Math.floor(local / DAY_MS);
    let date = dates.get(day);
    if (date === undefined) dates.set(day, (date = new Date(day * DAY_MS).toISOString().slice(0, 10)));
    const minutes = Math.floor((local - day * DAY_MS) / 60_000);
    return { date, time: CLOCK[minutes]! };
  };
}

const TOKYO_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;
/** HH:MM of every minute of a day. */
const CLOCK = Array.from({ length: 1440 }, (_, m) => clockOf(m));
