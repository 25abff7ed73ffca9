import type { LangCode, Product, SalesChannel, SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { publishedProductSql } from './catalogue-sql.ts';
import { coalesceReads } from './coalesce-reads.ts';

/** Products and their ticket types in one query; texts fall back to Japanese when a language is empty. */
const LIST_PRODUCTS_SQL = `
SELECT p.uuid, p.product_type,
       COALESCE(NULLIF(p.names ->> $2, ''), p.names ->> 'ja') AS name,
       COALESCE(NULLIF(p.descriptions ->> $2, ''), p.descriptions ->> 'ja', '') AS description,
       COALESCE(NULLIF(p.cautions ->> $2, ''), p.cautions ->> 'ja', '') AS caution,
       p.image_url, p.sale_channels, p.min_quantity, p.max_quantity,
       p.position AS display_position,
       COALESCE((
         SELECT json_agg(json_build_object(
                  'id', o.id,
                  'name', COALESCE(NULLIF(o.names ->> $2, ''), o.names ->> 'ja'),
                  'price', o.price,
                  'display_position', o.position)
                ORDER BY o.position, o.id)
         FROM option_values o WHERE o.product_id = p.id
       ), '[]'::json) AS option_values
FROM products p
WHERE p.site_code = $1 AND $3::text = ANY (p.sale_channels) AND ${publishedProductSql('p')}
ORDER BY p.position, p.id`;

/** GET /products: the site's products sold on the channel, in display order, localized. */
async function loadListProducts(
  db: Db,
  input: { site: SiteCode; lang: LangCode; channel: SalesChannel },
): Promise<Product[]> {
  const { rows } = await db.$client.query<Product>({
    name: 'catalogue-list-products',
    text: LIST_PRODUCTS_SQL,
    values: [input.site, input.lang, input.channel],
  });
  return rows;
}

export const listProducts = coalesceReads(loadListProducts);
