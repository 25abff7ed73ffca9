import type { ProductOnDate } from '@kippu/contract';
import type { SlotRow } from './find-slots.ts';
import { StatusAccumulator } from './stock-status.ts';

interface ProductGroup {
  entry: Omit<ProductOnDate, 'status' | 'count'>;
  status: StatusAccumulator;
}

export interface DateGroup {
  date: string;
  status: StatusAccumulator;
  products: ProductGroup[];
}

/**
 * Groups slots (ordered by product, then start) into dates (ascending), each with its products in
 * display order and their slots earliest first.
 */
export function groupByDateAndProduct(slots: SlotRow[]): DateGroup[] {
  const dates = new Map<string, DateGroup>();
  for (const { product, date, slot } of slots) {
    let day = dates.get(date);
    if (!day) {
      day = { date, status: new StatusAccumulator(), products: [] };
      dates.set(date, day);
    }
    let group = day.products.at(-1);
    if (group?.entry.uuid !== product.uuid) {
      group = {
        entry: {
          uuid: product.uuid,
          name: product.name,
          product_type: product.productType,
          display_position: product.position,
          slots: [],
        },
        status: new StatusAccumulator(),
      };
      day.products.push(group);
    }
    group.entry.slots.push(slot);
    group.status.add(slot.status, slot.remaining);
    day.status.add(slot.status, slot.remaining);
  }
  return [...dates.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

export function productsOfDate(day: DateGroup): ProductOnDate[] {
  return day.products.map((group) => ({ ...group.entry, ...group.status.result() }));
}
