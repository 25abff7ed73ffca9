import { sql } from 'drizzle-orm';
import type { CheckInAnswer, CheckInMode, CheckInResult, LangCode, SiteCode } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { readTicketAtGate } from './ticket-at-gate.ts';

export interface CheckInRequest {
  site: SiteCode;
  gateId: number;
  /** The device's id for this request: the same nonce again answers the first answer. */
  nonce: string;
  mode: CheckInMode;
  method: 'read_qr' | 'tap_ticket';
  ticketId: number;
  /** The secret the code carried (read_qr) or the ticket's own (tap_ticket, found by reservation token). */
  secret: string;
  lang: LangCode;
  /** Offline replays: when the gate admitted the visitor (judged for the entry window at that moment). */
  offlineAt?: Date;
}

export interface CheckInOutcome {
  answer: CheckInAnswer;
  /** Offline replays: the visitor went in, but the server says the ticket was used (or not valid). */
  admittedTwice: boolean;
}

/**
 * THE check-in (ADR 030): the one function that marks tickets used. Exactly once per ticket, however many
 * gates scan it at the same moment: the admission is one conditional `UPDATE ... WHERE status = 'valid'`,
 * so of concurrent scans exactly one changes the row and the rest, re-reading it after the winner's commit,
 * answer `used`. The request's nonce is claimed first in the same transaction (`ON CONFLICT DO NOTHING`
 * waits for a concurrent twin), so a retried request answers exactly what the first one answered.
 * Callers verify the QR signature before calling (no database work for a forged code).
 */
export async function checkIn(db: Db, request: CheckInRequest): Promise<CheckInOutcome> {
  return db.transaction(async (tx) => {
    const claimed = await tx.execute<{ id: number }>(sql`
      INSERT INTO check_ins (gate_key_id, nonce, mode, method, result, answer, offline_at)
      VALUES (${request.gateId}, ${request.nonce}, ${request.mode}, ${request.method}, 'invalid', '{}',
              ${request.offlineAt?.toISOString() ?? null})
      ON CONFLICT (gate_key_id, nonce) DO NOTHING
      RETURNING id`);
    const checkInId = claimed.rows[0]?.id;
    if (checkInId === undefined) return replay(tx, request);

    // A key revoked a moment ago (its cache entry may still live) admits nobody.
    const gate = await tx.execute(sql`
      SELECT 1 FROM gate_keys WHERE id = ${request.gateId} AND revoked_at IS NULL AND site_code = ${request.site}`);
    if (gate.rows.length === 0) throw new AppError('gate_not_authorised');

    const at = request.offlineAt ?? new Date();
    const answer = await admit(tx, request, at);
    const admittedTwice = request.offlineAt !== undefined && answer.result !== 'success';
    await tx.execute(sql`
      UPDATE check_ins SET result = ${answer.result}, answer = ${JSON.stringify(answer)}::jsonb,
             ticket_id = ${answer.ticket?.id ?? null}, admitted_twice = ${admittedTwice}
      WHERE id = ${checkInId}`);
    if (answer.admitted > 0 || admittedTwice) {
      // A gate key's scan is the device's; a tap is the visitor's own phone, shown to the gate's staff.
      await recordAudit(tx, {
        actor:
          request.method === 'read_qr'
            ? { kind: 'device', deviceId: request.gateId }
            : { kind: 'visitor', deviceId: request.gateId, label: `ticket ${request.ticketId}` },
        siteCode: request.site,
        objectType: 'ticket',
        objectId: String(request.ticketId),
        action: admittedTwice ? 'checked_in_twice' : 'checked_in',
        after: {
          check_in_id: Number(checkInId),
          gate_id: request.gateId,
          mode: request.mode,
          method: request.method,
          result: answer.result,
          admitted: answer.admitted,
          offline_at: request.offlineAt?.toISOString() ?? null,
        },
      });
    }
    return { answer, admittedTwice };
  });
}

async function replay(tx: Tx, request: CheckInRequest): Promise<CheckInOutcome> {
  const { rows } = await tx.execute<{ answer: CheckInAnswer; admitted_twice: boolean }>(sql`
    SELECT answer, admitted_twice FROM check_ins WHERE gate_key_id = ${request.gateId} AND nonce = ${request.nonce}`);
  const row = rows[0];
  if (!row) throw new AppError('internal_error', 'check-in nonce claimed but not found');
  return { answer: row.answer, admittedTwice: row.admitted_twice };
}

async function admit(tx: Tx, request: CheckInRequest, at: Date): Promise<CheckInAnswer> {
  const refuse = (result: CheckInResult, ticket: CheckInAnswer['ticket'] = null): CheckInAnswer => ({
    result,
    mode: request.mode,
    admitted: 0,
    ticket,
  });
  const ticket = await readTicketAtGate(tx, request.site, request.ticketId, at, request.lang);
  // Forged codes never get here; a genuine but stale code (moved, shared, changed date) or a cancelled one does.
  if (!ticket || ticket.secret !== request.secret || !ticket.genuine) return refuse('invalid');
  if (ticket.used && request.mode === 'gate') return refuse('used', ticket.info);
  if (!ticket.inWindow) return refuse(ticket.used ? 'used' : 'invalid_time', ticket.info);

  const atIso = at.toISOString();
  const admitted = await tx.execute<{ id: number }>(
    request.mode === 'gate'
      ? sql`UPDATE tickets SET status = 'used', checked_in_at = ${atIso}
            WHERE id = ${ticket.id} AND secret = ${request.secret} AND status = 'valid' RETURNING id`
      : sql`UPDATE tickets SET status = 'used', checked_in_at = ${atIso}
            WHERE reservation_id = ${ticket.reservationId} AND status = 'valid' RETURNING id`,
  );
  if (admitted.rows.length > 0) {
    const scannedAdmitted = admitted.rows.some((row) => Number(row.id) === ticket.id);
    return {
      result: 'success',
      mode: request.mode,
      admitted: admitted.rows.length,
      ticket: { ...ticket.info, checked_in_at: scannedAdmitted ? atIso : ticket.info.checked_in_at },
    };
  }
  // Another gate won the row: read when it admitted the ticket.
  const { rows } = await tx.execute<{ checked_in_at: Date | string | null }>(
    sql`SELECT checked_in_at FROM tickets WHERE id = ${ticket.id}`,
  );
  const when = rows[0]?.checked_in_at;
  return refuse('used', { ...ticket.info, checked_in_at: when ? new Date(when).toISOString() : null });
}
