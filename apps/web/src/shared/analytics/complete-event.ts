import type { GtmResponse } from '@kippu/contract/endpoints/gtm';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../api/api-client.ts';
import { useCoreStore, type GtmConversionData } from '../stores/core-store.ts';
import { pushComplete } from './analytics-events.ts';

/**
 * After a purchase: reads the order's analytics data (GET /gtm/{reservationToken}), keeps it as the core
 * state's `gtmData` and pushes the `complete` event, whose ticket types come from `conversion`, the flow's
 * stored conversion data (read by the caller before the purchase's reset clears it). Shared by every path
 * that finishes a purchase (the confirm screen, the payment callbacks). Analytics never stands in the
 * visitor's way: a failure shows no dialog and answers null.
 */
export async function recordCompletePurchase(
  reservationToken: string,
  conversion: GtmConversionData | null = null,
): Promise<GtmResponse | null> {
  try {
    const { data: gtm } = await api.call(ROUTES.gtm, {
      params: { id: reservationToken },
      noErrorDialog: true,
    });
    useCoreStore.getState().set({ gtmData: gtm });
    pushComplete(gtm, conversion);
    return gtm;
  } catch {
    return null;
  }
}
