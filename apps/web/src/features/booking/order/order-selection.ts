import type { LangCode } from '@kippu/contract/enums';
import type { Slot } from '@kippu/contract/endpoints/catalogue-common';
import type { SetProduct } from '@kippu/contract/endpoints/catalogue-set-products';
import type { CreateOrderBody } from '@kippu/contract/endpoints/orders';
import type { Product } from '@kippu/contract/endpoints/products';
import type { ProductOption, SavedOrder } from '../../../shared/stores/core-store.ts';

/** What the visitor has chosen on the order screen so far. */
export type OrderSelection = {
  productUuid: string | null;
  /** Visit date in Tokyo, yyyy-MM-dd. */
  date: string | null;
  /** The chosen slot's time span id. */
  slotId: number | null;
  /** Ticket count per option value (ticket type) id. */
  tickets: Record<number, number>;
  /** Add-on count per set product uuid. */
  addOns: Record<string, number>;
};

export const EMPTY_SELECTION: OrderSelection = {
  productUuid: null,
  date: null,
  slotId: null,
  tickets: {},
  addOns: {},
};

/** The saved order of this screen: the spec's productOptions plus what a return (?ref=c) needs. */
export type SavedOrderPage = SavedOrder & {
  selection: OrderSelection;
  /** When the temporary order's hold ends (ISO date-time), for the hold countdown. */
  expiresAt: string;
  price: number;
  productName: string;
  slot: { start: string; end: string };
};

export function ticketCount(tickets: OrderSelection['tickets']): number {
  return Object.values(tickets).reduce((sum, count) => sum + count, 0);
}

/**
 * How many tickets one order may take in a slot: the product's bounds, capped by what is left. `ownHold`:
 * tickets of this slot the visitor's live hold already takes (counted out of `remaining`, and given back
 * before the next hold), so a visitor back on the form can keep what they hold.
 */
export function ticketBounds(
  product: Product,
  slot: Slot | undefined,
  ownHold = 0,
): { min: number; max: number } {
  const max = Math.min(product.max_quantity, slot ? slot.remaining + ownHold : product.max_quantity);
  return { min: product.min_quantity, max };
}

export function orderTotal(
  product: Product | undefined,
  selection: OrderSelection,
  addOns: readonly SetProduct[] = [],
): number {
  const tickets = (product?.option_values ?? []).reduce(
    (sum, option) => sum + option.price * (selection.tickets[option.id] ?? 0),
    0,
  );
  return addOns.reduce((sum, addOn) => sum + addOn.price * (selection.addOns[addOn.uuid] ?? 0), tickets);
}

/** Keeps only counts above zero, and none above `max` in total (a later slot may have less left). */
export function clampTickets(tickets: OrderSelection['tickets'], max: number): OrderSelection['tickets'] {
  let room = max;
  const kept: OrderSelection['tickets'] = {};
  for (const [id, count] of Object.entries(tickets)) {
    const allowed = Math.min(count, room);
    if (allowed > 0) kept[Number(id)] = allowed;
    room -= allowed;
  }
  return kept;
}

/** The POST /orders body (contract createOrderBodySchema) for a complete selection. */
export function createOrderBody(
  product: Product,
  slotId: number,
  selection: OrderSelection,
  lang: LangCode,
): CreateOrderBody {
  const optionValues = product.option_values
    .filter((option) => (selection.tickets[option.id] ?? 0) > 0)
    .map((option) => ({ option_value_id: option.id, quantity: selection.tickets[option.id]! }));
  const setProducts = Object.entries(selection.addOns)
    .filter(([, quantity]) => quantity > 0)
    .map(([uuid, quantity]) => ({ set_product_uuid: uuid, quantity }));
  return {
    lang,
    product_uuid: product.uuid,
    time_span_id: slotId,
    quantity: ticketCount(selection.tickets),
    option_values: optionValues,
    set_products: setProducts,
  };
}

/** The spec's savedOrder.productOptions (analytics sees them): one per ticket type with a count. */
export function productOptions(product: Product, slotId: number, selection: OrderSelection): ProductOption[] {
  return product.option_values
    .filter((option) => (selection.tickets[option.id] ?? 0) > 0)
    .map((option) => ({
      name: option.name,
      price: option.price,
      count: selection.tickets[option.id]!,
      productTimespanID: slotId,
    }));
}

/** The selection stored with the saved order, if it has one of the expected shape. */
export function savedSelection(saved: SavedOrder | null): OrderSelection | null {
  const selection = (saved as Partial<SavedOrderPage> | null)?.selection;
  if (!selection || typeof selection !== 'object') return null;
  const { productUuid, date, slotId, tickets, addOns } = selection;
  if (typeof productUuid !== 'string' || typeof date !== 'string' || typeof slotId !== 'number') return null;
  return { productUuid, date, slotId, tickets: { ...tickets }, addOns: { ...addOns } };
}
