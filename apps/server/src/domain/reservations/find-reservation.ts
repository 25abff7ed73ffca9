import { sql } from 'drizzle-orm';
import type { SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import type { Row } from '../../db/generated/rows.ts';
import { AppError } from '../../shared/app-error.ts';
import { normalizeReservationNumber } from './reservation-codes.ts';

/**
 * GET /reservations?email&reservation_number (the reservation inquiry): the ticket page's token when the
 * number and the e-mail address (any letter case) belong together on this site; otherwise 'record not
 * found', the same answer for a wrong number and a wrong address, so the answer tells a guesser nothing.
 */
export async function findReservationToken(
  db: Db,
  site: SiteCode,
  email: string,
  reservationNumber: string,
): Promise<string> {
  const { rows } = await db.execute<Pick<Row<'reservations'>, 'reservation_token'>>(sql`
    SELECT reservation_token FROM reservations
    WHERE site_code = ${site} AND reservation_number = ${normalizeReservationNumber(reservationNumber)}
      AND lower(email) = lower(${email.trim()}) AND email <> ''`);
  if (!rows[0]) throw new AppError('record_not_found');
  return rows[0].reservation_token;
}
