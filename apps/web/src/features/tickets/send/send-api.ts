import type { TicketSendBody, TicketSendResponse } from '@kippu/contract/endpoints/ticket-share';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../shared/api/api-client.ts';

/** POST /tickets/send/{reservationToken}: mails the ticket link; refusals (rate limit, not found) show dialogs. */
export async function sendTicketLink(
  reservationToken: string,
  body: TicketSendBody,
): Promise<TicketSendResponse> {
  const { data } = await api.call(ROUTES.sendTicket, { params: { id: reservationToken }, body });
  return data;
}
