import { Navigate, useParams } from 'react-router';
import { paths } from '../shared/routing/paths.ts';

/** /tickets/:reservationToken is the link sent by e-mail; the ticket itself lives at /id/:reservationToken. */
export function TicketRedirect() {
  const { reservationToken = '' } = useParams();
  return <Navigate replace to={paths.ticket.getHref({ reservationToken })} />;
}
