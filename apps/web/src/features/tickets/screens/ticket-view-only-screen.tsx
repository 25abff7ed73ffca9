import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { viewOnlyTicketQuery } from '../shared/view-only-ticket-query.ts';
import { TicketsOnlyPage } from '../ticket/tickets-only-page.tsx';

/**
 * A sent ticket link (`/tickets/view/:viewToken`, ADR 102): the tickets with their QR codes and the visit,
 * laid out as the site's ticket page, and nothing else: no date change, receipt, share, send or calendar
 * file. Those are the holder's, and the view token opens none of them on the server either.
 */
export default function TicketViewOnlyScreen() {
  const { viewToken = '' } = useParams();
  const ticket = useQuery(viewOnlyTicketQuery(viewToken, useActiveLang()));
  return (
    <TicketsOnlyPage titleKey="screen_ticket_title" introKey="sent_intro" token={viewToken} ticket={ticket} />
  );
}
