import type { SiteCode } from '@kippu/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { optionValues, products, setProductLinks, setProducts } from '../db/schema.ts';
import { PRODUCT_TEXTS, SET_PRODUCT_TEXTS, TICKET_TYPES, type SetProductKey } from './data/product-texts.ts';
import { SITE_CATALOGUES } from './data/site-catalogues.ts';
import { productUuid, setProductUuid } from './demo-ids.ts';
import { t6 } from './localized.ts';

const catalogueEntries = () =>
  Object.entries(SITE_CATALOGUES) as [SiteCode, (typeof SITE_CATALOGUES)[SiteCode]][];

/** Products, their ticket types, add-ons and add-on links of every demo site. Upserts by stable UUIDs. */
export async function seedProducts(db: Db): Promise<void> {
  const productRows = catalogueEntries().flatMap(([site, catalogue]) =>
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
      };
    }),
  );
  const saved = await db
    .insert(products)
    .values(productRows)
    .onConflictDoUpdate({
      target: products.uuid,
      set: {
        productType: sql`excluded.product_type`,
        names: sql`excluded.names`,
        descriptions: sql`excluded.descriptions`,
        cautions: sql`excluded.cautions`,
        saleChannels: sql`excluded.sale_channels`,
        maxQuantity: sql`excluded.max_quantity`,
        position: sql`excluded.position`,
      },
    })
    .returning({ id: products.id, uuid: products.uuid });
  const productIdByUuid = new Map(saved.map((row) => [row.uuid, row.id]));
  const productId = (site: SiteCode, key: string) => productIdByUuid.get(productUuid(site, key))!;

  const optionRows = catalogueEntries().flatMap(([site, catalogue]) =>
    catalogue.products.flatMap((product) =>
      product.prices.map(([ticketType, price], position) => ({
        productId: productId(site, product.key),
        names: t6(TICKET_TYPES[ticketType]),
        price,
        position: position + 1,
      })),
    ),
  );
  await db
    .insert(optionValues)
    .values(optionRows)
    .onConflictDoUpdate({
      target: [optionValues.productId, optionValues.position],
      set: { names: sql`excluded.names`, price: sql`excluded.price` },
    });

  const setRows = catalogueEntries().flatMap(([site, catalogue]) =>
    (Object.entries(catalogue.setPrices) as [SetProductKey, number][]).map(([key, price], position) => ({
      uuid: setProductUuid(site, key),
      siteCode: site,
      names: t6(SET_PRODUCT_TEXTS[key].name),
      descriptions: t6(SET_PRODUCT_TEXTS[key].description),
      price,
      position: position + 1,
    })),
  );
  const savedSets = await db
    .insert(setProducts)
    .values(setRows)
    .onConflictDoUpdate({
      target: setProducts.uuid,
      set: {
        names: sql`excluded.names`,
        descriptions: sql`excluded.descriptions`,
        price: sql`excluded.price`,
        position: sql`excluded.position`,
      },
    })
    .returning({ id: setProducts.id, uuid: setProducts.uuid });
  const setIdByUuid = new Map(savedSets.map((row) => [row.uuid, row.id]));

  const linkRows = catalogueEntries().flatMap(([site, catalogue]) =>
    catalogue.products.flatMap((product) =>
      (product.sets ?? []).map((key) => ({
        setProductId: setIdByUuid.get(setProductUuid(site, key))!,
        productId: productId(site, product.key),
      })),
    ),
  );
  if (linkRows.length) await db.insert(setProductLinks).values(linkRows).onConflictDoNothing();
}
