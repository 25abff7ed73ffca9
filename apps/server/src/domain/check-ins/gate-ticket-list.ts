import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { GateTicketListResponse, LangCode, LocalizedText } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { inLang } from '../reservations/reservation-details.ts';
import type { Gate } from './gate-keys.ts';
import { CLOSES_AT, OPENS_AT, RESERVED, TICKET_SLOT_FROM } from './ticket-at-gate.ts';

/** The most tickets one list carries (a day of a large venue); beyond it the device admits online only. */
const LIST_LIMIT = 20_000;

/**
 * GET /gate/ticket-list (ADR 030): the tickets a gate may have to admit offline: those of slots from
 * yesterday to the day after tomorrow, each as the SHA-256 of its signed part `K1.<id>.<secret>`. The device
 * hashes a scanned code's signed part and looks it up: no signing key ever leaves the server, so a stolen
 * device can neither forge a code nor learn one (a digest does not give back the 80-bit secret).
 */
export async function gateTicketList(db: Db, gate: Gate, lang: LangCode): Promise<GateTicketListResponse> {
  const { rows } = await db.execute<{
    id: number;
    reservation_id: number;
    secret: string;
    status: string;
    sequence: number;
    option_names: LocalizedText;
    product_names: LocalizedText;
    starts_at: string | Date;
    ends_at: string | Date;
    opens_at: string | Date | null;
    closes_at: string | Date | null;
    checked_in_at: string | Date | null;
  }>(sql`
    SELECT tk.id, tk.reservation_id, tk.secret, tk.status, tk.sequence, ov.names AS option_names,
           p.names AS product_names, ts.starts_at, ts.ends_at, ${OPENS_AT} AS opens_at, ${CLOSES_AT} AS closes_at,
           tk.checked_in_at
    FROM ${TICKET_SLOT_FROM}
    WHERE r.site_code = ${gate.site} AND ${RESERVED} AND tk.status <> 'void'
      AND ts.ends_at > now() - interval '1 day' AND ts.starts_at < now() + interval '2 days'
    ORDER BY tk.id
    LIMIT ${LIST_LIMIT}`);
  const iso = (value: string | Date) => new Date(value).toISOString();
  return {
    generated_at: new Date().toISOString(),
    tickets: rows.map((row) => ({
      id: Number(row.id),
      digest: createHash('sha256').update(`K1.${row.id}.${row.secret}`).digest('hex'),
      reservation_id: Number(row.reservation_id),
      used: row.status === 'used',
      opens_at: row.opens_at === null ? null : iso(row.opens_at),
      closes_at: row.closes_at === null ? null : iso(row.closes_at),
      ticket: {
        id: Number(row.id),
        sequence: row.sequence,
        option_name: inLang(row.option_names, lang),
        product_name: inLang(row.product_names, lang),
        starts_at: iso(row.starts_at),
        ends_at: iso(row.ends_at),
        checked_in_at: row.checked_in_at === null ? null : iso(row.checked_in_at),
      },
    })),
  };
}
