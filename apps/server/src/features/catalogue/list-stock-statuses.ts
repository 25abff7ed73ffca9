import type { DateStockStatus, SalesChannel, SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { findSlots } from './find-slots.ts';
import { requireProductOnChannel } from './product-access.ts';
import { StatusAccumulator } from './stock-status.ts';

export interface ListStockStatusesInput {
  site: SiteCode;
  from: string;
  to: string;
  channel: SalesChannel;
  productUuid?: string;
}

/** Every yyyy-MM-dd from `from` to `to`; date-only strings parse as UTC midnight, so no zone drift. */
function eachDate(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += 86_400_000) {
    dates.push(new Date(t).toISOString().slice(0, 10));
  }
  return dates;
}

/** GET /products/stocks-statuses: a status for every date of the range (calendar). */
export async function listStockStatuses(db: Db, input: ListStockStatusesInput): Promise<DateStockStatus[]> {
  const { products, slots } = await findSlots(db, input);
  if (input.productUuid) requireProductOnChannel(products, input.channel);
  const byDate = new Map<string, StatusAccumulator>();
  for (const { date, slot } of slots) {
    let acc = byDate.get(date);
    if (!acc) byDate.set(date, (acc = new StatusAccumulator()));
    acc.add(slot.status, slot.remaining);
  }
  return eachDate(input.from, input.to).map((date) => ({
    date,
    ...(byDate.get(date) ?? new StatusAccumulator()).result(),
  }));
}
