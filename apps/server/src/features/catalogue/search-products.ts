import type { LangCode, ProductSearchDate, ProductType, SalesChannel, SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { findSlots } from './find-slots.ts';
import { groupByDateAndProduct, productsOfDate } from './group-slots.ts';
import { requireProductOnChannel } from './product-access.ts';
import { coalesceReads } from './coalesce-reads.ts';

export interface SearchProductsInput {
  site: SiteCode;
  from: string;
  to: string;
  lang: LangCode;
  channel: SalesChannel;
  productUuid?: string;
  productType?: ProductType;
}

/** GET /products/search: per date with slots, the products and their slots with stock status. */
async function loadSearchProducts(db: Db, input: SearchProductsInput): Promise<ProductSearchDate[]> {
  const { products, slots } = await findSlots(db, input);
  if (input.productUuid) requireProductOnChannel(products, input.channel);
  return groupByDateAndProduct(slots).map((day) => ({
    date: day.date,
    ...day.status.result(),
    products: productsOfDate(day),
  }));
}

export const searchProducts = coalesceReads(loadSearchProducts);
