import type { LangCode, SetProduct, SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { publishedProductSql } from './catalogue-sql.ts';
import { coalesceReads } from './coalesce-reads.ts';

/**
 * One row: how many of the named slots belong to the site (to tell an unknown id), and the set
 * products linked to their products, each with the requested slots it goes with.
 */
const SET_PRODUCTS_SQL = `
WITH spans AS (
  SELECT t.id, t.product_id
  FROM time_spans t
  JOIN products p ON p.id = t.product_id AND p.site_code = $1 AND ${publishedProductSql('p')}
  WHERE t.id = ANY ($2::bigint[])
), linked AS (
  SELECT sp.uuid, sp.position, sp.id,
         COALESCE(NULLIF(sp.names ->> $3, ''), sp.names ->> 'ja') AS name,
         COALESCE(NULLIF(sp.descriptions ->> $3, ''), sp.descriptions ->> 'ja', '') AS description,
         sp.price,
         array_agg(DISTINCT spans.id ORDER BY spans.id) AS span_ids
  FROM spans
  JOIN set_product_links l ON l.product_id = spans.product_id
  JOIN set_products sp ON sp.id = l.set_product_id AND sp.site_code = $1
  GROUP BY sp.id
)
SELECT (SELECT count(*) FROM spans)::int AS found,
       COALESCE((
         SELECT json_agg(json_build_object(
                  'uuid', uuid, 'name', name, 'description', description, 'price', price,
                  'display_position', position, 'main_product_time_span_ids', span_ids)
                ORDER BY position, id)
         FROM linked
       ), '[]'::json) AS items`;

/** GET /setproducts/search: add-ons of the main products of the given slots (all must be the site's). */
async function loadSearchSetProducts(
  db: Db,
  input: { site: SiteCode; lang: LangCode; timeSpanIds: number[] },
): Promise<SetProduct[]> {
  const { rows } = await db.$client.query<{ found: number; items: SetProduct[] }>({
    name: 'catalogue-set-products',
    text: SET_PRODUCTS_SQL,
    values: [input.site, input.timeSpanIds, input.lang],
  });
  const { found, items } = rows[0]!;
  if (found !== input.timeSpanIds.length) throw new AppError('record_not_found');
  return items;
}

export const searchSetProducts = coalesceReads(loadSearchSetProducts);
