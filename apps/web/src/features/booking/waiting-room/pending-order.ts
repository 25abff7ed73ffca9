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

/**
 * The admission a hold from the waiting room used (review finding 2): within its window it covers a
 * replacement hold, so a visitor who goes back to change date, time or quantity holds again with it instead
 * of being sent to the back of the queue. Kept beside the pending order, in this tab's session storage.
 */
export type KeptAdmission = { productUuid: string; token: string; admittedUntil: string };

const ADMISSION_KEY = 'waitingRoomAdmission';

export function saveAdmission(admission: KeptAdmission): void {
  try {
    sessionStorage.setItem(siteKey(ADMISSION_KEY), JSON.stringify(admission));
  } catch {
    // Not kept: a change of choice then asks the queue's status, as before.
  }
}

/** The kept admission for the product while its window lasts (the server still has the last word). */
export function readAdmission(productUuid: string, now = Date.now()): KeptAdmission | null {
  try {
    const raw = sessionStorage.getItem(siteKey(ADMISSION_KEY));
    const kept = raw ? (JSON.parse(raw) as Partial<KeptAdmission>) : null;
    return kept?.productUuid === productUuid &&
      typeof kept.token === 'string' &&
      Date.parse(kept.admittedUntil ?? '') > now
      ? (kept as KeptAdmission)
      : null;
  } catch {
    return null;
  }
}

export function clearAdmission(): void {
  try {
    sessionStorage.removeItem(siteKey(ADMISSION_KEY));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
