import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Slot } from '@kippu/contract/endpoints/catalogue-common';
import type { Product } from '@kippu/contract/endpoints/products';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { isKiosk } from '../../../shared/kiosk/kiosk-store.ts';
import { useNextStep } from '../steps/booking-steps.ts';
import { cancelTemporaryOrder, createTemporaryOrder } from './api/order-calls.ts';
import { updateCustomerInfo } from '../sign-in/api/update-customer-info.ts';
import {
  createOrderBody,
  productOptions,
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
 * Saving the order page (spec §4, §7): the previous temporary order, if any, gives its hold back
 * first (DELETE, 400 ignored), then POST /orders holds the new selection; the order token and the
 * saved order (which records the conversion data) are stored, the flow moves to its next step and
 * the analytics conversion event is pushed.
 * A failure has already shown its localized dialog (API client); the stock views are refreshed.
 */
export function useSaveOrder() {
  const lang = useActiveLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const nextHref = useNextStep('order');
  const [saving, setSaving] = useState(false);

  const save = async (product: Product, slot: Slot, selection: OrderSelection) => {
    if (saving) return;
    setSaving(true);
    const store = useCoreStore.getState();
    try {
      if (store.orderToken) {
        await cancelTemporaryOrder(store.orderToken);
        store.set({ orderToken: null });
      }
      const chosen = { ...selection, slotId: slot.id };
      const body = createOrderBody(product, slot.id, chosen, lang);
      // A kiosk's order sells on its channel; the server accepts that only from a paired device (ADR 080).
      const kiosk = isKiosk();
      const created = await createTemporaryOrder(kiosk ? { ...body, channel: 'kiosk' } : body);
      // The kiosk has no customer-info step (ADR 081): its empty form moves the order on to payment, which
      // the server allows only for a kiosk's device cookie.
      // The token is kept first, so a failed form still leaves the hold to give back (the next save, a reset).
      store.set({ orderToken: created.order_token });
      if (kiosk) await updateCustomerInfo(created.order_token, { customer_info: [] });
      const saved: SavedOrderPage = {
        productOptions: productOptions(product, slot.id, chosen),
        selection: chosen,
        expiresAt: created.expires_at,
        price: created.price,
        productName: product.name,
        slot: { start: slot.start, end: slot.end },
      };
      store.saveOrder(saved);
      navigate(nextHref);
      pushConversionEvent();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await Promise.all(STOCK_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    } finally {
      setSaving(false);
    }
  };

  return { save, saving };
}
