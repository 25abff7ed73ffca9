import { Navigate, useParams } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';

/**
 * `/spot/order-fields/:reservationToken`: a spot purchase asks only for the e-mail address, on the payment
 * screen (ADR 031), so a link here shows where that purchase ended: its mail-sent screen.
 */
export default function SpotOrderFieldsScreen() {
  const { reservationToken = '' } = useParams();
  return <Navigate replace to={paths.spotEmailSended.getHref({ reservationToken })} />;
}
