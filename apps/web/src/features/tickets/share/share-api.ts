import { queryOptions } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import type {
  TicketShareBody,
  TicketShareOptionsResponse,
  TicketShareResponse,
} from '@kippu/contract/endpoints/ticket-share';
import { api } from '../../../shared/api/api-client.ts';

/**
 * GET /tickets/share/{reservationToken}?lang=: the ticket types the holder may split off and the links made
 * before. A 404 (no such reservation, or not one that can share) is the screen's own message.
 */
export const shareOptionsQuery = (reservationToken: string, lang: LangCode) =>
  queryOptions({
    queryKey: ['tickets', 'share', reservationToken, lang],
    queryFn: async ({ signal }) => {
      const { data } = await api.get<TicketShareOptionsResponse>(
        `tickets/share/${encodeURIComponent(reservationToken)}`,
        { params: { lang }, signal, ignoredStatuses: [404] },
      );
      return data;
    },
  });

/** POST /tickets/share/{reservationToken}: splits the chosen tickets off; the server's refusals show dialogs. */
export async function splitTickets(
  reservationToken: string,
  body: TicketShareBody,
): Promise<TicketShareResponse> {
  const { data } = await api.post<TicketShareResponse>(
    `tickets/share/${encodeURIComponent(reservationToken)}`,
    body,
  );
  return data;
}
