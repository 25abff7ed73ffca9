import { queryOptions } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../shared/api/api-client.ts';

/**
 * GET /tickets/{reservationToken}?lang=: the ticket page's data in the visitor's language. A 404 (no such
 * reservation) is the page's own message, not a dialog.
 */
export const ticketQuery = (reservationToken: string, lang: LangCode) =>
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
    staleTime: 60_000,
    // A failed load was already reported (its dialog) and the screen offers its own retry; mounting the
    // screen does not ask again, so the early load the entry starts (app/prefetch-route-data.ts) and the
    // screen never report one failure twice.
    retryOnMount: false,
  });
