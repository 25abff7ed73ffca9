import type { LangCode, ProductOnDate, SalesChannel, SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { findSlots } from './find-slots.ts';
import { groupByDateAndProduct, productsOfDate } from './group-slots.ts';
import { coalesceReads } from './coalesce-reads.ts';

export interface SearchProductsOnDateInput {
  site: SiteCode;
  date: string;
  lang: LangCode;
  channel: SalesChannel;
}

/**
 * GET /products/search2: products on sale that date (sale window open now, at least one slot that
 * date), with their slots. A sold-out slot or one past its sale cut-off stays listed with its status.
 */
async function loadSearchProductsOnDate(db: Db, input: SearchProductsOnDateInput): Promise<ProductOnDate[]> {
  const { slots } = await findSlots(db, { ...input, from: input.date, to: input.date });
  const onSale = slots.filter((row) => row.product.inSaleWindow);
  const [day] = groupByDateAndProduct(onSale);
  return day ? productsOfDate(day) : [];
}

export const searchProductsOnDate = coalesceReads(loadSearchProductsOnDate);
