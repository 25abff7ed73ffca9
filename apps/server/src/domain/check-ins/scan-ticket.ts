import type { CheckInAnswer, GateCheckInBody, GateSyncBody, GateSyncResponse } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { verifyTicketQr, type VerifyingSecrets } from '../tickets/ticket-qr.ts';
import { checkIn } from './check-in.ts';
import type { Gate } from './gate-keys.ts';

/** The longest an offline gate may have been cut off: older admissions are judged as of this bound. */
const OFFLINE_LIMIT_MS = 48 * 3600_000;

/**
 * POST /gate/check-ins (read_qr): the QR signature is verified first, in memory; a forged or altered code
 * answers `invalid` without any database work. A genuine one goes to the one check-in function.
 */
export async function scanTicket(db: Db, secrets: VerifyingSecrets, gate: Gate, body: GateCheckInBody) {
  const verified = verifyTicketQr(body.code, secrets);
  if (!verified) return forged(body.mode);
  const { answer } = await checkIn(db, {
    site: gate.site,
    gateId: gate.id,
    nonce: body.nonce,
    mode: body.mode,
    method: 'read_qr',
    ticketId: verified.ticketId,
    secret: verified.secret,
    lang: body.lang,
  });
  return answer;
}

function forged(mode: CheckInAnswer['mode']): CheckInAnswer {
  return { result: 'invalid', mode, admitted: 0, ticket: null };
}

/**
 * POST /gate/check-ins/sync: replays what a gate admitted while offline, in its order, each through the one
 * check-in function as of the moment it happened (its nonce makes a repeated sync harmless). A ticket the
 * server had already admitted (another gate, or this one before) comes back `admitted_twice`.
 */
export async function syncOfflineCheckIns(
  db: Db,
  secrets: VerifyingSecrets,
  gate: Gate,
  body: GateSyncBody,
): Promise<GateSyncResponse> {
  const now = Date.now();
  const results: GateSyncResponse['results'] = [];
  for (const item of body.check_ins) {
    const verified = verifyTicketQr(item.code, secrets);
    if (!verified) {
      results.push({ nonce: item.nonce, result: 'invalid', admitted_twice: true, ticket: null });
      continue;
    }
    const scanned = Math.min(now, Math.max(now - OFFLINE_LIMIT_MS, Date.parse(item.scanned_at)));
    const { answer, admittedTwice } = await checkIn(db, {
      site: gate.site,
      gateId: gate.id,
      nonce: item.nonce,
      mode: item.mode,
      method: 'read_qr',
      ticketId: verified.ticketId,
      secret: verified.secret,
      lang: body.lang,
      offlineAt: new Date(scanned),
    });
    results.push({
      nonce: item.nonce,
      result: answer.result,
      admitted_twice: admittedTwice,
      ticket: answer.ticket,
    });
  }
  return { results };
}
