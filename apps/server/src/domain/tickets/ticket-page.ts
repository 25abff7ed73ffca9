import type { LangCode, SiteCode, TicketResponse } from '@kippu/contract';
import type { Env } from '../../config/env.ts';
import { walletCertificates, type WalletEnv } from '../../config/wallet-certificates.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { inLang, reservationByToken } from '../reservations/reservation-details.ts';
import { dateChangeOffered } from '../reservations/changeable-reservation.ts';
import { signTicketQr } from './ticket-qr.ts';
import { ticketRefunds } from './ticket-refunds.ts';

/**
 * GET /tickets/{reservationToken}?lang= (ADR 018): the ticket page in the asked language: product, visit,
 * add-ons and one signed QR payload per ticket. A void ticket carries no code.
 */
export async function ticketPage(
  db: Db,
  env: Pick<Env, 'APP_SECRET'> & WalletEnv,
  site: SiteCode,
  reservationToken: string,
  lang: LangCode,
): Promise<TicketResponse> {
  const reservation = await reservationByToken(db, site, reservationToken);
  if (!reservation) throw new AppError('record_not_found');
  const refunds = await ticketRefunds(
    db,
    reservation.tickets.map((ticket) => ticket.id),
    reservation.id,
  );
  return {
    reservation_number: reservation.number,
    status: reservation.status,
    lang,
    product: {
      name: inLang(reservation.productNames, lang),
      type: reservation.productType,
      caution: inLang(reservation.productCautions, lang),
    },
    time_span_id: reservation.timeSpanId,
    starts_at: reservation.startsAt.toISOString(),
    ends_at: reservation.endsAt.toISOString(),
    total_price: reservation.subtotal,
    discount: reservation.discount,
    can_change_date: await dateChangeOffered(db, site, reservationToken),
    set_products: reservation.sets.map((set) => ({ name: inLang(set.names, lang), quantity: set.quantity })),
    tickets: reservation.tickets.map((ticket) => ({
      id: ticket.id,
      sequence: ticket.sequence,
      option_name: inLang(ticket.names, lang),
      status: ticket.status,
      qr: ticket.status === 'void' ? '' : signTicketQr(env.APP_SECRET, ticket),
      refunded: refunds.refunded.has(ticket.id),
    })),
    return_notes: refunds.returnNotes,
    apple_wallet: walletCertificates(env) !== undefined,
  };
}
