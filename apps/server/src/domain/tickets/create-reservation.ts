import { sql } from 'drizzle-orm';
import type { LangCode, SiteCode } from '@kippu/contract';
import type { Tx } from '../../db/client.ts';
import type { Row } from '../../db/generated/rows.ts';
import { issueTickets } from './issue-tickets.ts';
import { newReservationNumber, newReservationToken } from '../reservations/reservation-codes.ts';

export interface NewReservation {
  id: number;
  token: string;
  number: string;
}

/** Tries before giving up on a free reservation number (a collision is about one in 10^14 per try). */
const NUMBER_TRIES = 5;

/**
 * The reservation a paid order becomes, with its tickets, in the checkout's final transaction. A number
 * that is already taken is retried with ON CONFLICT (a unique violation would abort the transaction).
 */
export async function createReservation(
  tx: Tx,
  order: { id: number; siteCode: SiteCode; email: string; lang: LangCode },
): Promise<NewReservation> {
  for (let attempt = 0; attempt < NUMBER_TRIES; attempt++) {
    const token = newReservationToken();
    const number = newReservationNumber();
    const { rows } = await tx.execute<Pick<Row<'reservations'>, 'id'>>(sql`
      INSERT INTO reservations (reservation_token, reservation_number, order_id, site_code, email, lang)
      VALUES (${token}, ${number}, ${order.id}, ${order.siteCode}, ${order.email}, ${order.lang})
      ON CONFLICT (reservation_number) DO NOTHING
      RETURNING id`);
    if (rows[0]) {
      const id = Number(rows[0].id);
      await issueTickets(tx, id, order.id);
      return { id, token, number };
    }
  }
  throw new Error(`no free reservation number after ${NUMBER_TRIES} tries`);
}
