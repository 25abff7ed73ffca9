import type { Db } from '../../db/client.ts';
import type { PoolRow } from '../../db/generated/rows.ts';
import type { HoldCaps } from './hold-types.ts';

/** What creating an order needs to know about a product; read once and shared by a burst of requests. */
export interface ProductForSale {
  id: number;
  saleChannels: string[];
  minQuantity: number;
  maxQuantity: number;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
  /** The site's own hold time (`sites.hold_minutes`); null: HOLD_MINUTES applies (ADR 014). */
  holdMinutes: number | null;
  /** The site's hold caps (`sites` columns, migrations 0520 and 1010, ADR 015 and 094). */
  holdCaps: HoldCaps;
  optionPrices: Map<number, number>;
  setProducts: Map<string, { id: number; price: number }>;
}

/** The product, its site's hold settings, and its ticket types' and set products' prices (built as JSON). */
type ProductRow = Pick<
  PoolRow<'products'>,
  'id' | 'sale_channels' | 'min_quantity' | 'max_quantity' | 'sale_starts_at' | 'sale_ends_at'
> &
  Pick<
    PoolRow<'sites'>,
    | 'hold_minutes'
    | 'max_open_orders_per_client'
    | 'max_tickets_per_client_slot'
    | 'max_open_orders_per_address'
    | 'max_tickets_per_address_slot'
  > & {
    options: Pick<PoolRow<'option_values'>, 'id' | 'price'>[];
    set_products: Pick<PoolRow<'set_products'>, 'id' | 'uuid' | 'price'>[];
  };

async function readProduct(db: Db, siteCode: string, uuid: string): Promise<ProductForSale | null> {
  const { rows } = await db.$client.query<ProductRow>(
    `SELECT p.id, p.sale_channels, p.min_quantity, p.max_quantity, p.sale_starts_at, p.sale_ends_at,
            s.hold_minutes, s.max_open_orders_per_client, s.max_tickets_per_client_slot,
            s.max_open_orders_per_address, s.max_tickets_per_address_slot,
            COALESCE((SELECT json_agg(json_build_object('id', ov.id, 'price', ov.price))
                      FROM option_values ov WHERE ov.product_id = p.id), '[]') AS options,
            COALESCE((SELECT json_agg(json_build_object('id', sp.id, 'uuid', sp.uuid, 'price', sp.price))
                      FROM set_product_links l JOIN set_products sp ON sp.id = l.set_product_id
                      WHERE l.product_id = p.id), '[]') AS set_products
     FROM products p JOIN sites s ON s.code = p.site_code
     WHERE p.uuid = $1 AND p.site_code = $2 AND p.status = 'published'`,
    [uuid, siteCode],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    saleChannels: row.sale_channels,
    minQuantity: row.min_quantity,
    maxQuantity: row.max_quantity,
    saleStartsAt: row.sale_starts_at,
    saleEndsAt: row.sale_ends_at,
    holdMinutes: row.hold_minutes,
    holdCaps: {
      openOrdersPerClient: row.max_open_orders_per_client,
      ticketsPerClientSlot: row.max_tickets_per_client_slot,
      openOrdersPerAddress: row.max_open_orders_per_address,
      ticketsPerAddressSlot: row.max_tickets_per_address_slot,
    },
    optionPrices: new Map(row.options.map((o) => [o.id, o.price])),
    setProducts: new Map(row.set_products.map((s) => [s.uuid, { id: s.id, price: s.price }])),
  };
}

/**
 * A one-second cache of products for sale. When sales open, hundreds of requests for the same product
 * arrive together: they share one read (concurrent misses wait on the same promise) instead of each
 * adding a round trip before the hold. Stock is never cached: each hold batch reads it afresh and takes
 * it with a conditional update (ADR 007).
 */
export function createProductCache(db: Db, ttlMs = 1000) {
  const entries = new Map<string, { until: number; value: Promise<ProductForSale | null> }>();
  return {
    get(siteCode: string, uuid: string): Promise<ProductForSale | null> {
      const key = `${siteCode}:${uuid}`;
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.value;
      if (entries.size > 10_000) entries.clear();
      const value = readProduct(db, siteCode, uuid);
      entries.set(key, { until: now + ttlMs, value });
      value.catch(() => entries.delete(key));
      return value;
    },
  };
}
export type ProductCache = ReturnType<typeof createProductCache>;
