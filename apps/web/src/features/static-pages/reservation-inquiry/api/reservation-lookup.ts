import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../../shared/api/api-client.ts';

/**
 * GET /reservations?email&reservation_number: the ticket page's token of a booking. No match (`record not
 * found`) and too many tries (`too many requests`) show their dialogs (API client) and throw.
 */
export async function lookUpReservation(email: string, reservationNumber: string): Promise<string> {
  const { data } = await api.call(ROUTES.reservationLookup, {
    query: { email: email.trim(), reservation_number: reservationNumber.trim() },
  });
  return data.reservation_token;
}
