import { queryOptions } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../shared/api/api-client.ts';

/**
 * GET /tickets/shared/{shareToken}?lang=: the companion's tickets in the ticket page's shape (ADR 021).
 * A 404 is the page's own message, not a dialog.
 */
export const sharedTicketQuery = (shareToken: string, lang: LangCode) =>
  queryOptions({
    queryKey: ['tickets', 'shared', shareToken, lang],
    queryFn: async ({ signal }) => {
      const { data } = await api.call(ROUTES.sharedTicket, {
        params: { id: shareToken },
        query: { lang },
        signal,
        ignoredStatuses: [404],
      });
      return data;
    },
    staleTime: 60_000,
  });
