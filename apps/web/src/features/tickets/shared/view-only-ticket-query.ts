import { queryOptions } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../shared/api/api-client.ts';

/**
 * GET /tickets/view/{viewToken}?lang=: a sent link's tickets in the ticket page's shape, without the
 * holder's actions (ADR 102). A 404 is the page's own message, not a dialog.
 */
export const viewOnlyTicketQuery = (viewToken: string, lang: LangCode) =>
  queryOptions({
    queryKey: ['tickets', 'view', viewToken, lang],
    queryFn: async ({ signal }) => {
      const { data } = await api.call(ROUTES.viewTicket, {
        params: { id: viewToken },
        query: { lang },
        signal,
        ignoredStatuses: [404],
      });
      return data;
    },
    staleTime: 60_000,
  });
