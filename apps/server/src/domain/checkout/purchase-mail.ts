import type { Env } from '../../config/env.ts';
import type { Tx } from '../../db/client.ts';
import { mailReleasePath, siteUrl } from '../links.ts';
import { unsubscribeTokenFor } from '../mail-magazines/mail-magazine-subscriptions.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { inLang, reservationById } from '../reservations/reservation-details.ts';
import { visitOf } from '../reservations/reservation-visit.ts';

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
