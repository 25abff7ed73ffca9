import { createHash } from 'node:crypto';
import { LANG_CODES, type LocalizedText, type SignageToday, type SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { tokyoToday } from '../../db/tokyo-today.ts';
import { slotBeforeSaleCutoffSql } from '../stock/slot-sale.ts';

/**
 * The signage screen's data (issue 11, ADR 032): the web products of a site with the slots that start
 * today (Tokyo), each with what is left now. Read straight from `time_spans`, which every hold, sale,
 * release and expiry changes in its own transaction, so the next poll after any of them sees it.
 * Products without a slot today are left out; period passes have no "today" slot and are left out too.
 */
const TODAY_SQL = `
WITH today AS (SELECT $2::date AS d)
SELECT p.uuid, p.product_type, p.names,
       t.id AS span_id,
       to_char(t.starts_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD"T"HH24:MI:SS"+09:00"') AS start,
       to_char(t.ends_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD"T"HH24:MI:SS"+09:00"') AS "end",
       t.capacity, GREATEST(t.capacity - t.held - t.sold - t.allotted, 0) AS remaining,
       (t.on_sale
        AND (p.sale_starts_at IS NULL OR p.sale_starts_at <= now())
        AND (p.sale_ends_at IS NULL OR p.sale_ends_at > now())
        AND ${slotBeforeSaleCutoffSql('t', 'p')}) AS sellable
FROM today
JOIN products p ON p.site_code = $1 AND p.status = 'published' AND 'web' = ANY (p.sale_channels)
 AND p.product_type <> 'period'
JOIN time_spans t
  ON t.product_id = p.id
 AND t.starts_at >= (today.d::timestamp AT TIME ZONE 'Asia/Tokyo')
 AND t.starts_at < ((today.d + 1)::timestamp AT TIME ZONE 'Asia/Tokyo')
ORDER BY p.position, p.id, t.starts_at, t.id`;

interface Row {
  uuid: string;
  product_type: 'date' | 'time';
  names: Partial<LocalizedText>;
  span_id: string;
  start: string;
  end: string;
  capacity: number;
  remaining: number;
  sellable: boolean;
}

function everyLanguage(names: Partial<LocalizedText>): LocalizedText {
  return Object.fromEntries(LANG_CODES.map((lang) => [lang, names[lang] || names.ja || ''])) as LocalizedText;
}

export async function todayAvailability(db: Db, site: SiteCode): Promise<SignageToday> {
  // The day is read once and the slots asked for that day: across a midnight, one answer never names one
  // day and lists another's slots.
  const date = await tokyoToday(db);
  const { rows } = await db.$client.query<Row>(TODAY_SQL, [site, date]);
  const products = new Map<string, SignageToday['products'][number]>();
  for (const row of rows) {
    let product = products.get(row.uuid);
    if (!product) {
      product = {
        uuid: row.uuid,
        product_type: row.product_type,
        names: everyLanguage(row.names),
        slots: [],
      };
      products.set(row.uuid, product);
    }
    product.slots.push({
      id: Number(row.span_id),
      start: row.start,
      end: row.end,
      capacity: row.capacity,
      remaining: row.remaining,
      status: !row.sellable ? 'closed' : row.remaining <= 0 ? 'sold_out' : 'open',
    });
  }
  return { date, products: [...products.values()] };
}

/** A strong validator of one answer: equal bodies, equal tags, on every server process. */
export function signageEtag(body: SignageToday): string {
  return `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
}
