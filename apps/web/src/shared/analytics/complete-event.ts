import type { GtmResponse } from '@kippu/contract/endpoints/gtm';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../api/api-client.ts';
import { useCoreStore } from '../stores/core-store.ts';
import { pushComplete } from './analytics-events.ts';

/**
 * After a purchase: reads the order's analytics data (GET /gtm/{reservationToken}), keeps it as the core
 * state's `gtmData` and pushes the `complete` event. Shared by every path that finishes a purchase (the
 * confirm screen now, payment callbacks later). Analytics never stands in the visitor's way: a failure shows
 * no dialog and answers null.
 */
export async function recordCompletePurchase(reservationToken: string): Promise<GtmResponse | null> {
  try {
    const { data: gtm } = await api.call(ROUTES.gtm, {
      params: { id: reservationToken },
      noErrorDialog: true,
    });
    useCoreStore.getState().set({ gtmData: gtm });
    pushComplete(gtm);
    return gtm;
  } catch {
    return null;
  }
}
