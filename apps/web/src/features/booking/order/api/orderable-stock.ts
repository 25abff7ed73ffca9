import type { QueryClient } from '@tanstack/react-query';
import type { Slot } from '@kippu/contract/endpoints/catalogue-common';
import type { OrderableStocks } from '@kippu/contract/endpoints/catalogue-orderable-stocks';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../../shared/api/api-client.ts';
import { channelParam } from '../../../../shared/kiosk/kiosk-store.ts';

/**
 * GET /products/orderable_stocks (spec §7): how many tickets one order may still take from the slot, read
 * again just before a hold. Like every catalogue read it may come from the answer cache (at most a second old)
 * or the replica: a slot that sold out within that second is cut without trying a hold, one that freed a seat
 * within it is tried at the next Continue. Its own failure is silent (no dialog): the hold that follows
 * decides, with the server's answer, as it did before the re-check existed.
 */
export async function fetchOrderableStock(slotId: number): Promise<OrderableStocks | null> {
  try {
    const query = { product_time_span_id: slotId, ...channelParam() };
    const { data } = await api.call(ROUTES.orderableStocks, { query, noErrorDialog: true });
    return data;
  } catch {
    return null;
  }
}

type SlotList = Slot[] | { slots: Slot[] }[] | undefined;

/**
 * Writes the newer reading of one slot into every cached slot list that shows it (the product's slots of a
 * date, and the date's products with their slots, read up to 15 s earlier), so the order form's bounds follow at
 * once instead of after the next refetch.
 */
export function patchCachedSlot(queryClient: QueryClient, stock: OrderableStocks): void {
  const patch = (slot: Slot): Slot =>
    slot.id === stock.product_time_span_id
      ? { ...slot, remaining: stock.orderable === 0 ? 0 : stock.remaining, status: stock.status }
      : slot;
  queryClient.setQueriesData<SlotList>({ queryKey: ['products', 'stocks'] }, (list) =>
    Array.isArray(list) ? (list as Slot[]).map(patch) : list,
  );
  queryClient.setQueriesData<SlotList>({ queryKey: ['products', 'search2'] }, (list) =>
    Array.isArray(list)
      ? (list as { slots: Slot[] }[]).map((entry) => ({ ...entry, slots: entry.slots.map(patch) }))
      : list,
  );
}
