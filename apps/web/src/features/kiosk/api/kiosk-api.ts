import { queryOptions } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../shared/api/api-client.ts';

/* The kiosk's calls (issue 29, ADRs 080, 081). */

/** GET /kiosk/session?lang=: whether the server knows this browser's device cookie as a paired kiosk. */
export const kioskSessionQuery = (lang: LangCode) =>
  queryOptions({
    queryKey: ['kiosk', 'session', lang],
    queryFn: async ({ signal }) => {
      const { data } = await api.call(ROUTES.kioskSession, { query: { lang }, signal });
      return data;
    },
    staleTime: 0,
  });

/** GET /tickets/{reservationToken}?lang=: the purchase just made, to show its QR codes. */
export const kioskTicketQuery = (reservationToken: string, lang: LangCode) =>
  queryOptions({
    queryKey: ['tickets', reservationToken, lang],
    queryFn: async ({ signal }) => {
      const { data } = await api.call(ROUTES.ticket, {
        params: { id: reservationToken },
        query: { lang },
        signal,
        ignoredStatuses: [404],
      });
      return data;
    },
  });

/**
 * DELETE /orders/{id}: gives a left order's hold back at once when the kiosk resets. Quietly: the next
 * visitor must not see a dialog about the last one's order, and a hold that cannot go now (already paid,
 * paying, expired) lapses on the server as every hold does (the hold sweep, spec §9).
 */
export async function releaseLeftOrder(orderToken: string): Promise<void> {
  try {
    await api.call(ROUTES.cancelOrder, { params: { id: orderToken }, noErrorDialog: true });
  } catch {
    // Nothing to do: see above.
  }
}
