import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PartnerBooking, partnerTicketsSchema } from '@kippu/contract/partner/partner-schemas';
import type { Env } from '../../config/env.ts';
import type { WalletEnv } from '../../config/wallet-certificates.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { ticketPage } from '../tickets/ticket-page.ts';
import type { PartnerCaller } from './partner-caller.ts';

/** A booking of the caller's partner by its number, with what the domain needs to act on it. */
export type BookingRow = {
  booking_id: number;
  order_id: number;
  site_code: string;
  reservation_token: string;
  reservation_number: string;
  reservation_status: string;
  allotment_id: number | null;
  time_span_id: number;
  lang: string;
  booking: PartnerBooking;
};

/**
 * The booking as the partner API answers it; only the caller's partner's own and on a site its token covers
 * (another partner's booking answers 404, as one that does not exist).
 */
export async function bookingRow(tx: Tx | Db, caller: PartnerCaller, number: string): Promise<BookingRow> {
  const { rows } = await tx.execute<BookingRow>(sql`
    SELECT b.id AS booking_id, o.id AS order_id, o.site_code, r.reservation_token, r.reservation_number,
           r.status AS reservation_status, b.allotment_id, o.time_span_id, o.lang,
           json_build_object(
             'number', r.reservation_number,
             'status', CASE WHEN b.cancelled_at IS NULL THEN 'confirmed' ELSE 'cancelled' END,
             'product_id', o.product_id, 'slot_id', o.time_span_id,
             'starts_at', to_char(t.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'ends_at', to_char(t.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'lines', (SELECT COALESCE(json_agg(json_build_object('ticket_type_id', l.option_value_id,
                                 'quantity', l.quantity, 'net_price', l.unit_price) ORDER BY l.option_value_id), '[]')
                       FROM order_lines l WHERE l.order_id = o.id),
             'amount', o.price,
             'source', CASE WHEN b.allotment_id IS NULL THEN 'general' ELSE 'allotment' END,
             'customer', json_build_object('name', b.customer_name, 'email', b.customer_email),
             'reference', b.reference,
             'created_at', to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'cancelled_at', to_char(b.cancelled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
           ) AS booking
    FROM partner_bookings b JOIN orders o ON o.id = b.order_id
    JOIN reservations r ON r.order_id = o.id JOIN time_spans t ON t.id = o.time_span_id
    WHERE r.reservation_number = ${number} AND b.partner_id = ${caller.partnerId}
      AND (${sql.param(caller.siteCodes)}::text[] IS NULL OR o.site_code = ANY(${sql.param(caller.siteCodes)}::text[]))`);
  const row = rows[0];
  if (!row) throw new AppError('record_not_found');
  row.booking.amount = Number(row.booking.amount);
  row.booking.lines = row.booking.lines.map((line) => ({ ...line, net_price: Number(line.net_price) }));
  return row;
}

/** GET /partner/api/v1/bookings/:number. */
export async function partnerBooking(db: Db, caller: PartnerCaller, number: string): Promise<PartnerBooking> {
  return (await bookingRow(db, caller, number)).booking;
}

/**
 * GET /partner/api/v1/bookings/:number/tickets: the tickets with their signed QR payloads, as the visitor's
 * ticket page has them (a void ticket carries none).
 */
export async function partnerBookingTickets(
  db: Db,
  env: Pick<Env, 'APP_SECRET'> & WalletEnv,
  caller: PartnerCaller,
  number: string,
): Promise<z.infer<typeof partnerTicketsSchema>> {
  const row = await bookingRow(db, caller, number);
  const page = await ticketPage(db, env, row.site_code, row.reservation_token, row.lang as 'ja');
  return {
    number: row.reservation_number,
    tickets: page.tickets.map((ticket) => ({
      id: ticket.id,
      sequence: ticket.sequence,
      ticket_type_name: ticket.option_name,
      status: ticket.status,
      qr: ticket.qr,
    })),
  };
}
