import { sql } from 'drizzle-orm';
import type { CheckInTicket, LangCode, LocalizedText, SiteCode } from '@kippu/contract';
import type { Tx } from '../../db/client.ts';
import { inLang } from '../reservations/reservation-details.ts';

/**
 * What the gate needs to know about one ticket at a moment: whether it may enter (status, reservation,
 * entry window) and what staff see. A shared ticket (ADR 021) takes its slot from its parent's order.
 */
export interface TicketAtGate {
  id: number;
  reservationId: number;
  reservationToken: string;
  secret: string;
  /** The ticket can admit at all: valid or used, in a reserved reservation (and reserved parent). */
  genuine: boolean;
  used: boolean;
  inWindow: boolean;
  info: CheckInTicket;
}

type Row = {
  id: number;
  reservation_id: number;
  reservation_token: string;
  secret: string;
  status: 'valid' | 'used' | 'void';
  reserved: boolean;
  in_window: boolean;
  sequence: number;
  option_names: LocalizedText;
  product_names: LocalizedText;
  starts_at: Date | string;
  ends_at: Date | string;
  checked_in_at: Date | string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The entry window of the ticket's slot as SQL (ADR 111, superseding ADR 030's open default): from the
 * product's early-entry margin before the slot starts to its late-entry grace after it ends (30 minutes each
 * unless the operator sets them), and never outside the Tokyo day the slot starts on, so no margin lets a ticket
 * in the day before or, for a whole-day slot (00:00 to the next 00:00), into the next day (1440 = the whole day).
 * A slot that itself runs past that midnight (22:00–01:00) keeps its grace after its own end (01:30): the
 * operator sold those hours (ADR 111 addendum). Used by the check-in and by the offline ticket list, so both
 * judge `invalid_time` alike.
 */
const TOKYO_DAY_START = sql`(date_trunc('day', ts.starts_at AT TIME ZONE 'Asia/Tokyo') AT TIME ZONE 'Asia/Tokyo')`;
const TOKYO_DAY_END = sql`((date_trunc('day', ts.starts_at AT TIME ZONE 'Asia/Tokyo') + interval '1 day') AT TIME ZONE 'Asia/Tokyo')`;
const GRACE_END = sql`(ts.ends_at + p.entry_closes_minutes_after * interval '1 minute')`;
export const OPENS_AT = sql`GREATEST(ts.starts_at - p.entry_opens_minutes_before * interval '1 minute', ${TOKYO_DAY_START})`;
export const CLOSES_AT = sql`(CASE WHEN ts.ends_at > ${TOKYO_DAY_END} THEN ${GRACE_END} ELSE LEAST(${GRACE_END}, ${TOKYO_DAY_END}) END)`;
/** FROM clause joining a ticket (tk) to its reservation (r), slot (ts), product (p) and type (ov). */
export const TICKET_SLOT_FROM = sql`
  tickets tk
  JOIN reservations r ON r.id = tk.reservation_id
  LEFT JOIN reservations pr ON pr.id = r.parent_reservation_id
  JOIN orders o ON o.id = COALESCE(r.order_id, pr.order_id)
  JOIN products p ON p.id = o.product_id
  JOIN time_spans ts ON ts.id = o.time_span_id
  JOIN option_values ov ON ov.id = tk.option_value_id`;

export const RESERVED = sql`(r.status = 'reserved' AND (pr.id IS NULL OR pr.status = 'reserved'))`;

export async function readTicketAtGate(
  executor: Pick<Tx, 'execute'>,
  site: SiteCode,
  ticketId: number,
  at: Date,
  lang: LangCode,
): Promise<TicketAtGate | undefined> {
  const atIso = at.toISOString();
  const { rows } = await executor.execute<Row>(sql`
    SELECT tk.id, tk.reservation_id, r.reservation_token, tk.secret, tk.status, ${RESERVED} AS reserved,
           ${atIso}::timestamptz BETWEEN ${OPENS_AT} AND ${CLOSES_AT} AS in_window,
           tk.sequence, ov.names AS option_names, p.names AS product_names, ts.starts_at, ts.ends_at,
           tk.checked_in_at
    FROM ${TICKET_SLOT_FROM}
    WHERE tk.id = ${ticketId} AND r.site_code = ${site}`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    reservationId: Number(row.reservation_id),
    reservationToken: row.reservation_token,
    secret: row.secret,
    genuine: row.reserved && row.status !== 'void',
    used: row.status === 'used',
    inWindow: row.in_window,
    info: {
      id: Number(row.id),
      sequence: row.sequence,
      option_name: inLang(row.option_names, lang),
      product_name: inLang(row.product_names, lang),
      starts_at: iso(row.starts_at),
      ends_at: iso(row.ends_at),
      checked_in_at: row.checked_in_at === null ? null : iso(row.checked_in_at),
    },
  };
}
