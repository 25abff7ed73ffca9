import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { sharedTicketQuery } from '../shared/shared-ticket-query.ts';
import { TicketsOnlyPage } from '../ticket/tickets-only-page.tsx';

/**
 * Shared (spec §2 `/tickets/shared/:reservationToken`, ADR 021): the companion's page. Only the tickets
 * shared with them, each with its own QR code, laid out as the site's ticket page; no purchase details.
 */
export default function TicketSharedScreen() {
  const { reservationToken = '' } = useParams();
  const ticket = useQuery(sharedTicketQuery(reservationToken, useActiveLang()));
  return (
    <TicketsOnlyPage
      titleKey="screen_ticket_shared_title"
      introKey="shared_intro"
      token={reservationToken}
      ticket={ticket}
    />
  );
}
