import type { LangCode } from '@kippu/contract';
import type { Env } from '../../config/env.ts';
import type { Tx } from '../../db/client.ts';
import { mailReleasePath, siteUrl, ticketPagePath } from '../links.ts';
import { unsubscribeTokenFor } from '../mail-magazines/mail-magazine-subscriptions.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import type { CalendarVisit } from '../mail/templates/calendar-attachment.ts';
import { inLang, reservationById, type ReservationDetails } from '../reservations/reservation-details.ts';

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

/**
 * Queues the purchase confirmation in the checkout's final transaction (ADR 016, 017): the mail exists
 * exactly when the reservation does. Everything is rendered now in the visitor's language. A reservation
 * without an e-mail address (a site whose form does not ask for one) gets no mail.
 */
export async function queuePurchaseConfirmation(
  tx: Tx,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  reservationId: number,
  paid: number,
): Promise<void> {
  const reservation = (await reservationById(tx, reservationId))!;
  if (!reservation.email) return;
  const { lang } = reservation;
  const unsubscribeToken = await unsubscribeTokenFor(tx, reservation.siteCode, reservation.email);
  await enqueueMail(tx, {
    kind: 'purchase_confirmation',
    siteCode: reservation.siteCode,
    to: reservation.email,
    lang,
    payload: {
      ...visitOf(env, reservation, lang),
      lines: [...reservation.lines, ...reservation.sets].map((line) => ({
        name: inLang(line.names, lang),
        quantity: line.quantity,
        unitPrice: line.unitPrice,
      })),
      discount: reservation.discount,
      total: paid,
      ...(unsubscribeToken
        ? { unsubscribeUrl: siteUrl(env, reservation.siteSlug, mailReleasePath(unsubscribeToken), lang) }
        : {}),
    },
  });
}
