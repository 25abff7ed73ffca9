import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { siteSlug, type SiteCode } from '@kippu/contract';
import { everyLang, testSiteSettings } from '../../../apps/server/test/factories.ts';

export const BENCH_SITE: SiteCode = 'BORDERLESS';
export const BENCH_SLUG = siteSlug(BENCH_SITE);
const TICKET_PRICE = 2000;

export interface BenchProduct {
  id: number;
  uuid: string;
  optionValueId: number;
  price: number;
}

/**
 * The least the order endpoint needs: a site with Japanese, one timed product with one ticket type.
 * `price` is the first ticket type's (on-sale sells a free preview, like the demo's DEMO `freePreview`).
 */
export async function seedBenchProduct(
  pool: pg.Pool,
  { price = TICKET_PRICE }: { price?: number } = {},
): Promise<BenchProduct> {
  await pool.query(
    `INSERT INTO sites (code, slug, position, settings) VALUES ($1, $2, 0, $3)
     ON CONFLICT (code) DO NOTHING`,
    [BENCH_SITE, BENCH_SLUG, JSON.stringify(testSiteSettings())],
  );
  await pool.query(
    `INSERT INTO languages (site_code, code, display_name, display_position, is_default)
     VALUES ($1, 'ja', '日本語', 0, true), ($1, 'en', 'English', 1, false)
     ON CONFLICT (site_code, code) DO NOTHING`,
    [BENCH_SITE],
  );
  const uuid = randomUUID();
  const product = await pool.query<{ id: number }>(
    `INSERT INTO products (uuid, site_code, product_type, names, descriptions, cautions, sale_channels, max_quantity)
     VALUES ($1, $2, 'time', $3, $4, $5, '{web,spot}', 10) RETURNING id`,
    [
      uuid,
      BENCH_SITE,
      JSON.stringify(everyLang('Hot slot benchmark')),
      JSON.stringify(everyLang('One slot everybody wants')),
      JSON.stringify(everyLang('None')),
    ],
  );
  const productId = product.rows[0]!.id;
  const option = await pool.query<{ id: number }>(
    `INSERT INTO option_values (product_id, names, price, position) VALUES ($1, $2, $3, 0), ($1, $4, 1000, 1)
     RETURNING id`,
    [productId, JSON.stringify(everyLang('Adult')), price, JSON.stringify(everyLang('Child'))],
  );
  return { id: productId, uuid, optionValueId: option.rows[0]!.id, price };
}

/**
 * A fresh slot, so each run starts with full stock: three days ahead (inside any sale window), each new slot
 * 30 minutes after the product's last one (a product has one slot per start time).
 */
export async function createSlot(pool: pg.Pool, productId: number, capacity: number): Promise<number> {
  const span = await pool.query<{ id: string }>(
    `WITH next AS (
       SELECT date_trunc('hour', now()) + interval '3 days' + count(*) * interval '30 minutes' AS starts_at
       FROM time_spans WHERE product_id = $1
     )
     INSERT INTO time_spans (product_id, starts_at, ends_at, capacity)
     SELECT $1, starts_at, starts_at + interval '30 minutes', $2 FROM next
     RETURNING id`,
    [productId, capacity],
  );
  return Number(span.rows[0]!.id);
}
