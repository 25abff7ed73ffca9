import type { LangCode, ProductType, SalesChannel, SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import {
  fewStockThresholdSql,
  listedSpansSql,
  productInSaleWindowSql,
  publishedProductSql,
} from './catalogue-sql.ts';
import { slotStatus } from './stock-status.ts';

/**
 * Slots of a site's products listed on the Tokyo dates [from, to] (under their start date, or today for a
 * running pass: `listedSpansSql`), with each product's row even when it has no slot there (so a known
 * product with no stock is not "not found"). Dates are bucketed in SQL: the range bounds are Tokyo
 * midnights, compared against the indexed starts_at, so the index on (product_id, starts_at) serves the scan.
 * With a product uuid the channel is not filtered here: the caller answers 'invalid channel'.
 */
const FIND_SLOTS_SQL = `
WITH p AS (
  SELECT id, uuid, product_type, sale_channels, position,
         COALESCE(NULLIF(names ->> $6, ''), names ->> 'ja') AS name,
         ${productInSaleWindowSql('products')} AS in_sale_window
  FROM products
  WHERE site_code = $1 AND ${publishedProductSql('products')}
    AND ($4::uuid IS NULL OR uuid = $4::uuid)
    AND ($5::text IS NULL OR product_type = $5::text)
    AND ($4::uuid IS NOT NULL OR $7::text = ANY (sale_channels))
)
SELECT p.uuid, p.product_type, p.sale_channels, p.position, p.name, p.in_sale_window,
       t.id AS span_id,
       t.date,
       to_char(t.starts_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD"T"HH24:MI:SS"+09:00"') AS start,
       to_char(t.ends_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD"T"HH24:MI:SS"+09:00"') AS "end",
       t.capacity,
       GREATEST(t.capacity - t.held - t.sold - t.allotted, 0) AS remaining,
       t.sellable,
       ${fewStockThresholdSql('$1')} AS few
FROM p
LEFT JOIN LATERAL ${listedSpansSql('p', '$2', '$3', '$7::text')} t ON true
ORDER BY p.position, p.id, t.starts_at, t.id`;

export interface SlotQuery {
  site: SiteCode;
  from: string;
  to: string;
  channel: SalesChannel;
  productUuid?: string;
  productType?: ProductType;
  lang?: LangCode;
}

export interface ProductRow {
  uuid: string;
  productType: ProductType;
  saleChannels: string[];
  position: number;
  name: string;
  inSaleWindow: boolean;
}

export interface SlotRow {
  product: ProductRow;
  date: string;
  slot: {
    id: number;
    start: string;
    end: string;
    capacity: number;
    remaining: number;
    status: ReturnType<typeof slotStatus>;
  };
}

interface RawRow {
  uuid: string;
  product_type: ProductType;
  sale_channels: string[];
  position: number;
  name: string;
  in_sale_window: boolean;
  span_id: number | null;
  date: string | null;
  start: string;
  end: string;
  capacity: number;
  remaining: number;
  sellable: boolean;
  few: number;
}

/** One query: the matching products (in display order) and their slots in the range (earliest first). */
export async function findSlots(
  db: Db,
  query: SlotQuery,
): Promise<{ products: ProductRow[]; slots: SlotRow[] }> {
  const { rows } = await db.$client.query<RawRow>({
    name: 'catalogue-find-slots',
    text: FIND_SLOTS_SQL,
    values: [
      query.site,
      query.from,
      query.to,
      query.productUuid ?? null,
      query.productType ?? null,
      query.lang ?? 'ja',
      query.channel,
    ],
  });
  const products: ProductRow[] = [];
  const slots: SlotRow[] = [];
  let product: ProductRow | undefined;
  for (const row of rows) {
    if (product?.uuid !== row.uuid) {
      product = {
        uuid: row.uuid,
        productType: row.product_type,
        saleChannels: row.sale_channels,
        position: row.position,
        name: row.name,
        inSaleWindow: row.in_sale_window,
      };
      products.push(product);
    }
    if (row.span_id === null || row.date === null) continue;
    slots.push({
      product,
      date: row.date,
      slot: {
        id: row.span_id,
        start: row.start,
        end: row.end,
        capacity: row.capacity,
        remaining: row.remaining,
        status: slotStatus(row.sellable, row.remaining, row.few),
      },
    });
  }
  return { products, slots };
}
