import type { DemoSiteCode } from '@kippu/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { optionValues, products, setProductLinks, setProducts } from '../db/schema.ts';
import { PRODUCT_TEXTS, SET_PRODUCT_TEXTS, TICKET_TYPES, type SetProductKey } from './data/product-texts.ts';
import { SITE_CATALOGUES } from './data/site-catalogues.ts';
import { productUuid, setProductUuid } from './demo-ids.ts';
import { t6 } from './localized.ts';
import { siteCodesPresent } from './sites.ts';

type CatalogueEntry = [DemoSiteCode, (typeof SITE_CATALOGUES)[DemoSiteCode]];

// Databases seeded before migration 0510 found demo ticket types by position. A demo product whose ticket
// types have no key yet gets its keys from those positions, once, so the insert below adds no duplicates.
const ADOPT_UNKEYED_TICKET_TYPES = `
UPDATE option_values ov SET seed_key = x.key
FROM unnest($1::int[], $2::int[], $3::text[]) AS x(product_id, position, key)
WHERE ov.product_id = x.product_id AND ov.position = x.position AND ov.seed_key IS NULL
  AND NOT EXISTS (SELECT 1 FROM option_values k WHERE k.product_id = x.product_id AND k.seed_key IS NOT NULL)`;

/**
 * Products, their ticket types, add-ons and add-on links of every demo site, each found by a stable key
 * (product and add-on UUIDs from `site:key`, ticket types by `(product, key)`). Inserted when absent and
 * never updated: names, prices and order are the operator's once they exist (ADR 013).
 */
export async function seedProducts(db: Db): Promise<void> {
  const present = await siteCodesPresent(db);
  const entries = (Object.entries(SITE_CATALOGUES) as CatalogueEntry[]).filter(([site]) => present.has(site));
  const productRows = entries.flatMap(([site, catalogue]) =>
    catalogue.products.map((product, position) => {
      const text = PRODUCT_TEXTS[product.key];
      return {
        uuid: productUuid(site, product.key),
        siteCode: site,
        productType: text.type,
        names: t6(text.name),
        descriptions: t6(text.description),
        cautions: t6(text.caution),
        saleChannels: product.channels,
        minQuantity: 1,
        maxQuantity: product.maxQuantity ?? 10,
        position: position + 1,
        // Dated visits may move to another slot of the site's dated products until an hour before
        // (ADR 029); a pass has no date to change.
        dateChangeable: text.type !== 'period',
        dateChangeUntilMinutes: 60,
        dateChangeGroup: text.type === 'period' ? null : 'visit',
        isDemo: true,
      };
    }),
  );
  await db.insert(products).values(productRows).onConflictDoNothing({ target: products.uuid });
  const productIdByUuid = await idsByUuid(
    db,
    products,
    productRows.map((row) => row.uuid),
  );
  const productId = (site: DemoSiteCode, key: string) => productIdByUuid.get(productUuid(site, key))!;

  const optionRows = entries.flatMap(([site, catalogue]) =>
    catalogue.products.flatMap((product) =>
      product.prices.map(([ticketType, price], position) => ({
        productId: productId(site, product.key),
        names: t6(TICKET_TYPES[ticketType]),
        price,
        position: position + 1,
        seedKey: ticketType,
      })),
    ),
  );
  await db.$client.query(ADOPT_UNKEYED_TICKET_TYPES, [
    optionRows.map((row) => row.productId),
    optionRows.map((row) => row.position),
    optionRows.map((row) => row.seedKey),
  ]);
  await db
    .insert(optionValues)
    .values(optionRows)
    .onConflictDoNothing({ target: [optionValues.productId, optionValues.seedKey] });

  const setRows = entries.flatMap(([site, catalogue]) =>
    (Object.entries(catalogue.setPrices) as [SetProductKey, number][]).map(([key, price], position) => ({
      uuid: setProductUuid(site, key),
      siteCode: site,
      names: t6(SET_PRODUCT_TEXTS[key].name),
      descriptions: t6(SET_PRODUCT_TEXTS[key].description),
      price,
      position: position + 1,
      isDemo: true,
    })),
  );
  await db.insert(setProducts).values(setRows).onConflictDoNothing({ target: setProducts.uuid });
  const setIdByUuid = await idsByUuid(
    db,
    setProducts,
    setRows.map((row) => row.uuid),
  );

  const linkRows = entries.flatMap(([site, catalogue]) =>
    catalogue.products.flatMap((product) =>
      (product.sets ?? []).map((key) => ({
        setProductId: setIdByUuid.get(setProductUuid(site, key))!,
        productId: productId(site, product.key),
      })),
    ),
  );
  if (linkRows.length) await db.insert(setProductLinks).values(linkRows).onConflictDoNothing();
}

/** Ids of rows found by UUID, whether this run inserted them or an earlier one did. */
async function idsByUuid(
  db: Db,
  table: typeof products | typeof setProducts,
  uuids: string[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: table.id, uuid: table.uuid })
    .from(table)
    .where(inArray(table.uuid, uuids));
  return new Map(rows.map((row) => [row.uuid, row.id]));
}
