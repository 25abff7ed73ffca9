import type { CheckInAnswer, CheckInMode, LangCode, SiteCode, TapCheckInBody } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import type { VerifyingSecrets } from '../tickets/ticket-qr.ts';
import { checkIn } from './check-in.ts';
import { gateForTapCode } from './gate-keys.ts';
import { readTicketAtGate } from './ticket-at-gate.ts';

/**
 * tap_ticket (ADR 030): the visitor's phone shows `/id/:reservationToken/:id/:type`; staff tap it and type
 * their gate's tap code. The reservation token proves the ticket, the tap code proves the staff: a visitor
 * alone cannot check in.
 */
async function ownTicket(db: Db, site: SiteCode, token: string, ticketId: number, lang: LangCode) {
  const ticket = await readTicketAtGate(db, site, ticketId, new Date(), lang);
  if (!ticket || ticket.reservationToken !== token) throw new AppError('ticket_not_found');
  return ticket;
}

/** GET: what tapping would answer now (`available` when it would admit); admits nobody. */
export async function tapTicketStatus(
  db: Db,
  site: SiteCode,
  token: string,
  ticketId: number,
  mode: CheckInMode,
  lang: LangCode,
): Promise<CheckInAnswer> {
  const ticket = await ownTicket(db, site, token, ticketId, lang);
  const answer = (result: CheckInAnswer['result']): CheckInAnswer => ({
    result,
    mode,
    admitted: 0,
    ticket: ticket.info,
  });
  if (!ticket.genuine) return answer('invalid');
  if (ticket.used) return answer('used');
  return answer(ticket.inWindow ? 'available' : 'invalid_time');
}

/** POST: staff admit the ticket (or its group) with their gate's tap code. */
export async function tapCheckIn(
  db: Db,
  secrets: VerifyingSecrets,
  site: SiteCode,
  token: string,
  ticketId: number,
  body: TapCheckInBody,
): Promise<CheckInAnswer> {
  const gate = await gateForTapCode(db, secrets, site, body.tap_code);
  const ticket = await ownTicket(db, site, token, ticketId, body.lang);
  const { answer } = await checkIn(db, {
    site,
    gateId: gate.id,
    nonce: body.nonce,
    mode: body.mode,
    method: 'tap_ticket',
    ticketId,
    secret: ticket.secret,
    lang: body.lang,
  });
  return answer;
}
