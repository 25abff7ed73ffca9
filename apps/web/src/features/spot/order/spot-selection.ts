import type { SetProduct } from '@kippu/contract/endpoints/catalogue-set-products';
import type { Slot } from '@kippu/contract/endpoints/catalogue-common';
import type { Product } from '@kippu/contract/endpoints/products';
import type { CreateSpotOrderBody } from '@kippu/contract/endpoints/spot';
import type { LangCode } from '@kippu/contract/enums';
import type { GtmConversionData } from '../../../shared/stores/order-types.ts';
import type { SavedSpotOrder } from '../../../shared/stores/spot-store.ts';

/** A slot a visitor at the venue can still take. */
export const isOpen = (slot: Slot) =>
  (slot.status === 'available' || slot.status === 'few') && slot.remaining > 0;

/**
 * The selection to start from: the saved one of this product (spec §3 "spot order page data": a reload
 * shows the same choice), its slot only while it still sells; else the only open slot, if there is one.
 */
export function initialSelection(
  product: Product,
  slots: Slot[],
  saved: SavedSpotOrder | null,
): SavedSpotOrder {
  const open = slots.filter(isOpen);
  const fresh: SavedSpotOrder = {
    productUuid: product.uuid,
    timeSpanId: open.length === 1 ? open[0]!.id : null,
    counts: {},
    setCounts: {},
  };
  if (!saved || saved.productUuid !== product.uuid) return fresh;
  const slotStillOpen = open.some((slot) => slot.id === saved.timeSpanId);
  const known = new Set(product.option_values.map((option) => option.id));
  const counts = Object.fromEntries(
    Object.entries(saved.counts ?? {}).filter(([id, count]) => known.has(Number(id)) && count > 0),
  );
  return {
    productUuid: product.uuid,
    timeSpanId: slotStillOpen ? saved.timeSpanId : fresh.timeSpanId,
    counts,
    setCounts: slotStillOpen ? { ...(saved.setCounts ?? {}) } : {},
  };
}

export const ticketCountOf = (selection: SavedSpotOrder) =>
  Object.values(selection.counts).reduce((sum, n) => sum + n, 0);

/** How many of an add-on the selection takes: at most one per ticket (the booking's rule). */
export const addOnCountOf = (selection: SavedSpotOrder, uuid: string) =>
  Math.min(selection.setCounts[uuid] ?? 0, ticketCountOf(selection));

/** Tickets and add-ons of the selection, priced (the order total before coupons). */
export function totalOf(product: Product, addOns: readonly SetProduct[], selection: SavedSpotOrder): number {
  const tickets = product.option_values.reduce((sum, o) => sum + o.price * (selection.counts[o.id] ?? 0), 0);
  return addOns.reduce((sum, s) => sum + s.price * addOnCountOf(selection, s.uuid), tickets);
}

/** POST /spot/orders' body: the chosen tickets and the add-ons offered for the slot (ADR 109). */
export function spotOrderBody(
  product: Product,
  slotId: number,
  addOns: readonly SetProduct[],
  selection: SavedSpotOrder,
  qrToken: string,
  lang: LangCode,
): CreateSpotOrderBody {
  return {
    lang,
    qr_token: qrToken,
    product_uuid: product.uuid,
    time_span_id: slotId,
    quantity: ticketCountOf(selection),
    option_values: product.option_values
      .filter((o) => (selection.counts[o.id] ?? 0) > 0)
      .map((o) => ({ option_value_id: o.id, quantity: selection.counts[o.id]! })),
    set_products: addOns
      .filter((s) => addOnCountOf(selection, s.uuid) > 0)
      .map((s) => ({ set_product_uuid: s.uuid, quantity: addOnCountOf(selection, s.uuid) })),
  };
}

/** The conversion data of a spot hold (spec §3 "spot conversion data"), in the web's shape. */
export function spotConversionData(
  product: Product,
  slotId: number,
  selection: SavedSpotOrder,
): GtmConversionData {
  return {
    timeSpanId: slotId,
    options: product.option_values
      .filter((o) => (selection.counts[o.id] ?? 0) > 0)
      .map((o) => ({
        name: o.name,
        price: o.price,
        count: selection.counts[o.id]!,
        productTimespanID: slotId,
      })),
  };
}
