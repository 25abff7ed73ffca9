import type { SalesChannel, SiteCode, Slot } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { findSlots } from './find-slots.ts';
import { requireProductOnChannel } from './product-access.ts';
import { coalesceReads } from './coalesce-reads.ts';

export interface ListStocksInput {
  site: SiteCode;
  date: string;
  productUuid: string;
  channel: SalesChannel;
}

/** GET /products/stocks: the slots of one product on one Tokyo date, earliest first. */
async function loadListStocks(db: Db, input: ListStocksInput): Promise<Slot[]> {
  const { products, slots } = await findSlots(db, { ...input, from: input.date, to: input.date });
  requireProductOnChannel(products, input.channel);
  return slots.map((row) => row.slot);
}

export const listStocks = coalesceReads(loadListStocks);
