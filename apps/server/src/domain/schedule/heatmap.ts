import { sql } from 'drizzle-orm';
import { LANG_CODES, type LocalizedText } from '@kippu/contract';
import { datesInRange } from '@kippu/contract/endpoints/catalogue-common';
import {
  HEATMAP_DEFAULT_DAYS,
  HEATMAP_MAX_DAYS,
  type ConsoleSlot,
  type Heatmap,
} from '@kippu/contract/console/schedule-schemas';
import type { Db } from '../../db/client.ts';
import { TOKYO_TODAY, tokyoToday } from '../../db/tokyo-today.ts';
import { AppError } from '../../shared/app-error.ts';
import { CONSOLE_SLOT_JSON } from './slot-row.ts';

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
  const { rows } = await db.execute<{ products: Heatmap['products']; slots: ConsoleSlot[] }>(sql`
    WITH site_products AS (
      SELECT p.id, p.uuid, p.product_type, p.names, p.position FROM products p WHERE p.site_code = ${siteCode}
    )
    SELECT
      (SELECT COALESCE(json_agg(json_build_object(
                'uuid', sp.uuid, 'product_type', sp.product_type, 'names', sp.names,
                'future_slots', (SELECT count(*) FROM time_spans f
                                 WHERE f.product_id = sp.id
                                   AND f.starts_at >= (${sql.raw(TOKYO_TODAY)})::timestamp AT TIME ZONE 'Asia/Tokyo'))
              ORDER BY sp.position, sp.id), '[]') FROM site_products sp) AS products,
      (SELECT COALESCE(json_agg(s.slot ORDER BY s.starts_at, s.position, s.product_id), '[]') FROM (
         SELECT ${CONSOLE_SLOT_JSON} AS slot, t.starts_at, p.position, p.id AS product_id
         FROM site_products p JOIN time_spans t ON t.product_id = p.id
         WHERE (${product}::uuid IS NULL OR p.uuid = ${product}::uuid)
           AND t.starts_at >= (${range.from}::date)::timestamp AT TIME ZONE 'Asia/Tokyo'
           AND t.starts_at < (${range.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Tokyo') s) AS slots`);
  const row = rows[0]!;
  return {
    site: siteCode,
    from: range.from,
    to: range.to,
    // A draft may lack a language yet (the catalogue marks it): the heatmap shows '' for it, never fails.
    products: row.products.map((p) => ({
      ...p,
      names: Object.fromEntries(LANG_CODES.map((lang) => [lang, p.names?.[lang] ?? ''])) as LocalizedText,
      future_slots: Number(p.future_slots),
    })),
    slots: row.slots,
  };
}
