import { queryOptions } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import type { TicketShareBody, TicketShareResponse } from '@kippu/contract/endpoints/ticket-share';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../shared/api/api-client.ts';

/**
 * GET /tickets/share/{reservationToken}?lang=: the ticket types the holder may split off and the links made
 * before. A 404 (no such reservation, or not one that can share) is the screen's own message.
 */
export const shareOptionsQuery = (reservationToken: string, lang: LangCode) =>
  queryOptions({
    queryKey: ['tickets', 'share', reservationToken, lang],
    queryFn: async ({ signal }) => {
      const { data } = await api.call(ROUTES.ticketShareOptions, {
        params: { id: reservationToken },
        query: { lang },
        signal,
        ignoredStatuses: [404],
      });
      return data;
    },
  });

/** POST /tickets/share/{reservationToken}: splits the chosen tickets off; the server's refusals show dialogs. */
export async function splitTickets(
  reservationToken: string,
  body: TicketShareBody,
): Promise<TicketShareResponse> {
  const { data } = await api.call(ROUTES.shareTickets, { params: { id: reservationToken }, body });
  return data;
}
