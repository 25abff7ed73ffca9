import type { LangCode } from '@kippu/contract';
import type { Env } from '../../config/env.ts';
import { siteUrl, ticketPagePath } from '../links.ts';
import type { CalendarVisit } from '../mail/templates/calendar-attachment.ts';
import { inLang, type ReservationDetails } from './reservation-details.ts';

/**
 * The visit of a reservation in `lang` as the purchase mail tells it, and as its calendar event (attached to
 * the mail, or downloaded from the ticket page) carries it.
 */
export function visitOf(
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  reservation: ReservationDetails,
  lang: LangCode,
): CalendarVisit {
  return {
    siteName: inLang(reservation.siteNames, lang),
    reservationNumber: reservation.number,
    productName: inLang(reservation.productNames, lang),
    productType: reservation.productType,
    startsAt: reservation.startsAt.toISOString(),
    endsAt: reservation.endsAt.toISOString(),
    ticketUrl: siteUrl(env, reservation.siteSlug, ticketPagePath(reservation.token), lang),
  };
}
