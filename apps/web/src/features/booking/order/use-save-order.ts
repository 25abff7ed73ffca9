import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Slot } from '@kippu/contract/endpoints/catalogue-common';
import type { Product } from '@kippu/contract/endpoints/products';
import { ROUTES } from '@kippu/contract/routes';
import { ApiError, describeCall, isCancel } from '../../../shared/api/api-client.ts';
import { serverErrorCode } from '../../../shared/api/api-error.ts';
import { showErrorDialog } from '../../../shared/api/error-dialog.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { paths } from '../../../shared/routing/paths.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { isKiosk } from '../../../shared/kiosk/kiosk-store.ts';
import { useNextStep } from '../steps/booking-steps.ts';
import {
  clearAdmission,
  readAdmission,
  savePendingOrder,
  type PendingOrder,
} from '../waiting-room/pending-order.ts';
import { isQueueInForce } from '../waiting-room/api/waiting-room-calls.ts';
import { cancelTemporaryOrder, createTemporaryOrder } from './api/order-calls.ts';
import { fetchOrderableStock, patchCachedSlot } from './api/orderable-stock.ts';
import { updateCustomerInfo } from '../sign-in/api/update-customer-info.ts';
import {
  createOrderBody,
  productOptions,
  ticketCount,
  type OrderSelection,
  type SavedOrderPage,
} from './order-selection.ts';

/** Stock reads that a failed hold (out of stock, not on sale) has shown to be stale. */
const STOCK_QUERY_KEYS = [
  ['products', 'stocks'],
  ['products', 'search2'],
  ['products', 'stocks-statuses'],
];

/**
 * The conversion event (spec §7) of the order just saved. Its code loads with the save, not with the
 * screen (order-route budget); analytics never holds up or breaks the booking, so a failed load is dropped.
 */
function pushConversionEvent(): void {
  import('../../../shared/analytics/analytics-events.ts')
    .then(({ pushConversion }) => {
      const { gtmConversionData, configuration } = useCoreStore.getState();
      if (gtmConversionData) pushConversion(gtmConversionData, configuration?.settings.currency);
    })
    .catch(() => undefined);
}

/**
 * How a hold ended: `held` (moved on to the next step), `waiting-room` (the product's queue is in force and
 * this visitor has no admission: `409 waiting room required`), `admission-expired` (`409 waiting room
 * admission expired`), or `failed` (any other error, whose dialog has been shown).
 */
export type HoldOutcome = 'held' | 'waiting-room' | 'admission-expired' | 'failed';

/** The order that `POST /orders` would hold, from the order form's choice (kept for the waiting room too). */
export function pendingOrderOf(
  product: Product,
  slot: Slot,
  selection: OrderSelection,
  lang: PendingOrder['body']['lang'],
): PendingOrder {
  const chosen = { ...selection, slotId: slot.id };
  return {
    productUuid: product.uuid,
    productType: product.product_type,
    body: createOrderBody(product, slot.id, chosen, lang),
    page: {
      productOptions: productOptions(product, slot.id, chosen),
      selection: chosen,
      productName: product.name,
      slot: { start: slot.start, end: slot.end },
    },
  };
}

const CREATE_ORDER_CALL = describeCall(ROUTES.createOrder);

/**
 * Holding an order (spec §4, §7): the previous temporary order, if any, gives its hold back first (DELETE,
 * 400 ignored), then POST /orders holds the pending order; the order token and the saved order (which
 * records the conversion data) are stored, the flow moves to its next step and the analytics conversion
 * event is pushed. The order screen and the waiting room (once admitted) both hold through it.
 * The waiting room's two refusals are answered to the caller without a dialog (it shows the queue instead);
 * any other failure shows its localized dialog and refreshes the stock views.
 */
export function useHoldOrder() {
  const lang = useActiveLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const nextHref = useNextStep('order');

  return async (pending: PendingOrder, queueToken?: string | null): Promise<HoldOutcome> => {
    const store = useCoreStore.getState();
    const refreshStock = () =>
      Promise.all(STOCK_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    try {
      // The previous hold goes first: the server lets an admission cover a replacement only once the hold it
      // made is cancelled (one live hold at a time), so holding first would be refused with the admission.
      if (store.orderToken) {
        await cancelTemporaryOrder(store.orderToken);
        store.set({ orderToken: null });
      }
      // The page's language now: the visitor may have switched it while waiting.
      const body = { ...pending.body, lang };
      // A kiosk's order sells on its channel; the server accepts that only from a paired device (ADR 080).
      const kiosk = isKiosk();
      let created;
      try {
        created = await createTemporaryOrder(kiosk ? { ...body, channel: 'kiosk' } : body, queueToken);
      } catch (error) {
        if (!(error instanceof ApiError) || isCancel(error)) throw error;
        // The waiting room's refusals are no error to the visitor: the caller shows the queue instead.
        const code = serverErrorCode(error.response?.data);
        if (code === 'waiting_room_required') return 'waiting-room';
        if (code === 'waiting_room_admission_expired') return 'admission-expired';
        showErrorDialog(error.response?.data, CREATE_ORDER_CALL);
        await refreshStock();
        return 'failed';
      }
      // The kiosk has no customer-info step (ADR 081): its empty form moves the order on to payment, which
      // the server allows only for a kiosk's device cookie.
      // The token is kept first, so a failed form still leaves the hold to give back (the next save, a reset).
      store.set({ orderToken: created.order_token });
      if (kiosk) await updateCustomerInfo(created.order_token, { customer_info: [] });
      const saved: SavedOrderPage = { ...pending.page, expiresAt: created.expires_at, price: created.price };
      store.saveOrder(saved);
      navigate(nextHref);
      pushConversionEvent();
      return 'held';
    } catch (error) {
      // The other calls (the DELETE, the kiosk's form) have shown their own dialogs.
      if (!(error instanceof ApiError)) throw error;
      await refreshStock();
      return 'failed';
    }
  };
}

/**
 * Saving the order page: re-reads the slot's orderable quantity (spec §7 orderable_stocks) and holds the
 * choice (useHoldOrder). A slot that has meanwhile fallen below the chosen quantity is not held: its fresh
 * reading goes into the cached slot lists, so the form cuts the quantity to what is left and says why, rather
 * than a refused hold's dialog. When the product's queue is in force (its status says so before the hold, or
 * the hold is refused with a waiting-room 409) the choice is kept and the visitor goes to the waiting room,
 * which holds it once they are admitted (ADR 096). `ownHeld`: the tickets of the visitor's own live hold on
 * this slot, which its stock already excludes and the new hold replaces.
 */
export function useSaveOrder() {
  const lang = useActiveLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hold = useHoldOrder();
  const [saving, setSaving] = useState(false);

  const save = async (product: Product, slot: Slot, selection: OrderSelection, ownHeld = 0) => {
    if (saving) return;
    setSaving(true);
    try {
      const stock = await fetchOrderableStock(slot.id);
      if (stock && stock.orderable + ownHeld < ticketCount(selection.tickets)) {
        patchCachedSlot(queryClient, stock);
        return;
      }
      const pending = pendingOrderOf(product, slot, selection, lang);
      // A kiosk is exempt from the queue; for a visitor the (cached) status spares a refused hold in a rush.
      // A visitor still within their admission's window (changing their choice) is not sent to the back on
      // the status alone: the hold, with the admission's token, decides (review finding 2).
      const admission = readAdmission(product.uuid);
      const queued = !isKiosk() && !admission && (await isQueueInForce(product.uuid));
      const outcome = queued ? 'waiting-room' : await hold(pending, admission?.token);
      if (outcome === 'waiting-room' || outcome === 'admission-expired') {
        clearAdmission();
        savePendingOrder({
          ...pending,
          reason: outcome === 'admission-expired' ? 'admission-expired' : 'required',
        });
        navigate(paths.waitingRoom.getHref());
      }
    } finally {
      setSaving(false);
    }
  };

  return { save, saving };
}
