import type { CreateOrderBody } from '@kippu/contract/endpoints/orders';
import type { ProductType } from '@kippu/contract/enums';
import { siteKey } from '../../../shared/storage/site-storage.ts';
import type { ProductOption } from '../../../shared/stores/core-store.ts';
import type { OrderSelection } from '../order/order-selection.ts';

/** What the order screen saves after a hold (SavedOrderPage) except what only the hold knows (expiry, price). */
export type PendingOrderPage = {
  productOptions: ProductOption[];
  selection: OrderSelection;
  productName: string;
  slot: { start: string; end: string };
};

/**
 * The hold the visitor asked for while the product's queue is in force: kept in this tab's session storage
 * (per site), so a reload of the waiting room still knows what to hold once the visitor is admitted. The
 * place itself is the server's cookie; the full reset (spec §4) clears this with the site's storage.
 */
export type PendingOrder = {
  productUuid: string;
  productType: ProductType;
  body: CreateOrderBody;
  page: PendingOrderPage;
  /** Why the visitor is here: the queue is in force (`required`) or their admission ran out (`admission-expired`). */
  reason?: 'required' | 'admission-expired';
};

const KEY = 'waitingRoom';

export function savePendingOrder(pending: PendingOrder): void {
  try {
    sessionStorage.setItem(siteKey(KEY), JSON.stringify(pending));
  } catch {
    // Storage full or refused (a private window): the waiting room then sends the visitor back to choose.
  }
}

export function readPendingOrder(): PendingOrder | null {
  try {
    const raw = sessionStorage.getItem(siteKey(KEY));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<PendingOrder>;
    return typeof parsed.productUuid === 'string' && parsed.body && parsed.page
      ? (parsed as PendingOrder)
      : null;
  } catch {
    return null;
  }
}

export function clearPendingOrder(): void {
  try {
    sessionStorage.removeItem(siteKey(KEY));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
