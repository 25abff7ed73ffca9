import { sql } from 'drizzle-orm';
import type {
  LangCode,
  LocalizedText,
  SiteCode,
  TicketShareBody,
  TicketShareOptionsResponse,
  TicketShareResponse,
} from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { newReservationNumber, newReservationToken } from '../reservations/reservation-codes.ts';
import { inLang } from '../reservations/reservation-details.ts';
import { newTicketSecret } from './ticket-qr.ts';

/** Tries before giving up on a free reservation number for the shared reservation (as at checkout). */
const NUMBER_TRIES = 5;

type TypeRow = { option_value_id: number; names: LocalizedText; valid: number; total: number };

/**
 * The holder's reservation (not a shared one: a companion cannot split further, ADR 021) while it is
 * reserved; `lock` takes its row lock so concurrent splits of one reservation run one after another.
 */
async function holderReservation(
  executor: Pick<Tx, 'execute'>,
  site: SiteCode,
  token: string,
  lock: boolean,
): Promise<{ id: number; lang: LangCode }> {
  const { rows } = await executor.execute<{ id: number; lang: LangCode }>(sql`
    SELECT id, lang FROM reservations
    WHERE reservation_token = ${token} AND site_code = ${site}
      AND parent_reservation_id IS NULL AND status = 'reserved'
    ${lock ? sql`FOR UPDATE` : sql``}`);
  if (!rows[0]) throw new AppError('ticket_not_found');
  return { id: Number(rows[0].id), lang: rows[0].lang };
}

/** The reservation's tickets per type, in display order: valid ones (may move) and all of them. */
async function ticketTypes(executor: Pick<Tx, 'execute'>, reservationId: number): Promise<TypeRow[]> {
  const { rows } = await executor.execute<TypeRow>(sql`
    SELECT tk.option_value_id, ov.names,
           count(*) FILTER (WHERE tk.status = 'valid')::int AS valid, count(*)::int AS total
    FROM tickets tk JOIN option_values ov ON ov.id = tk.option_value_id
    WHERE tk.reservation_id = ${reservationId}
    GROUP BY tk.option_value_id, ov.names, ov.position
    ORDER BY ov.position, tk.option_value_id`);
  return rows.map((row) => ({ ...row, option_value_id: Number(row.option_value_id) }));
}

/** GET /tickets/share/{reservationToken}: what the holder may split off and the links already made. */
export async function shareOptions(
  db: Db,
  site: SiteCode,
  token: string,
  lang: LangCode,
): Promise<TicketShareOptionsResponse> {
  const holder = await holderReservation(db, site, token, false);
  const types = await ticketTypes(db, holder.id);
  const { rows: shares } = await db.execute<{ share_token: string; ticket_count: number }>(sql`
    SELECT c.reservation_token AS share_token,
           (SELECT count(*)::int FROM tickets WHERE reservation_id = c.id) AS ticket_count
    FROM reservations c WHERE c.parent_reservation_id = ${holder.id}
    ORDER BY c.id`);
  return {
    ticket_types: types.map((type) => ({
      option_value_id: type.option_value_id,
      name: inLang(type.names, lang),
      count: type.valid,
    })),
    ticket_count: types.reduce((sum, type) => sum + type.total, 0),
    shares,
  };
}

/** A shared reservation under `parentId`, with its own token and number (retried on a taken number). */
async function insertSharedReservation(
  tx: Tx,
  parentId: number,
  site: SiteCode,
  lang: LangCode,
): Promise<{ id: number; token: string }> {
  for (let attempt = 0; attempt < NUMBER_TRIES; attempt++) {
    const token = newReservationToken();
    // No address of its own: the inquiry (which needs one) never finds a shared reservation.
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO reservations (reservation_token, reservation_number, parent_reservation_id, site_code, email, lang)
      VALUES (${token}, ${newReservationNumber()}, ${parentId}, ${site}, '', ${lang})
      ON CONFLICT (reservation_number) DO NOTHING
      RETURNING id`);
    if (rows[0]) return { id: Number(rows[0].id), token };
  }
  throw new Error(`no free reservation number after ${NUMBER_TRIES} tries`);
}

/**
 * POST /tickets/share/{reservationToken} (ADR 021): moves the asked number of valid tickets of each type
 * (the last ones of that type: the holder keeps ticket 1) to a new shared reservation, in one transaction
 * under the holder's row lock, giving every moved ticket a new secret so its earlier QR codes fail.
 * A type without that many valid tickets: `option value of ticket less than 1`; a split that would leave
 * the holder no ticket: `parent ticket has not more than one child ticket`.
 */
export async function splitTickets(
  db: Db,
  site: SiteCode,
  token: string,
  body: TicketShareBody,
): Promise<TicketShareResponse> {
  return db.transaction(async (tx) => {
    const holder = await holderReservation(tx, site, token, true);
    const types = await ticketTypes(tx, holder.id);
    for (const line of body.tickets) {
      const type = types.find((candidate) => candidate.option_value_id === line.option_value_id);
      if (!type || type.valid < line.count) throw new AppError('cannot_split_ticket');
    }
    const moving = body.tickets.reduce((sum, line) => sum + line.count, 0);
    const held = types.reduce((sum, type) => sum + type.total, 0);
    if (moving >= held) throw new AppError('parent_ticket_single_child');

    const shared = await insertSharedReservation(tx, holder.id, site, holder.lang);
    const ids: number[] = [];
    for (const line of body.tickets) {
      const { rows } = await tx.execute<{ id: number }>(sql`
        SELECT id FROM tickets
        WHERE reservation_id = ${holder.id} AND option_value_id = ${line.option_value_id} AND status = 'valid'
        ORDER BY sequence DESC LIMIT ${line.count}`);
      ids.push(...rows.map((row) => Number(row.id)));
    }
    const secrets = ids.map(() => newTicketSecret());
    await tx.execute(sql`
      UPDATE tickets SET reservation_id = ${shared.id}, secret = moved.secret
      FROM unnest(${sql.param(ids)}::bigint[], ${sql.param(secrets)}::text[]) AS moved(id, secret)
      WHERE tickets.id = moved.id`);
    return { share_token: shared.token, ticket_count: ids.length };
  });
}
