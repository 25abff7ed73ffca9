import { sql } from 'drizzle-orm';
import type { LangCode, LocalizedText, ProductType, SiteCode, TicketResponse } from '@kippu/contract';
import type { Env } from '../../config/env.ts';
import { walletCertificates, type WalletEnv } from '../../config/wallet-certificates.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { inLang, type ReservationStatus, type TicketStatus } from '../reservations/reservation-details.ts';
import { ticketRefunds } from './ticket-refunds.ts';
import { signTicketQr } from './ticket-qr.ts';

type Row = {
  reservation_number: string;
  status: ReservationStatus;
  time_span_id: number;
  product_type: ProductType;
  product_names: LocalizedText;
  product_cautions: LocalizedText;
  starts_at: string;
  ends_at: string;
  tickets: {
    id: number;
    sequence: number;
    names: LocalizedText;
    status: TicketStatus;
    secret: string;
    unit_price: number;
  }[];
};

/**
 * GET /tickets/shared/{shareToken}?lang= (ADR 021): the companion's page in the ticket page's shape: the
 * shared reservation's own number and only its own tickets with their QR codes; the visit, the product and
 * the status come from the holder's reservation (a cancelled purchase cancels the shared tickets too).
 * No purchase figures: `total_price` is the list price of these tickets, no discount, no add-ons.
 */
export async function sharedTicketPage(
  db: Db,
  env: Pick<Env, 'APP_SECRET'> & WalletEnv,
  site: SiteCode,
  shareToken: string,
  lang: LangCode,
): Promise<TicketResponse> {
  const { rows } = await db.execute<Row>(sql`
    SELECT c.reservation_number, p.status, o.time_span_id, pr.product_type,
           pr.names AS product_names, pr.cautions AS product_cautions, t.starts_at, t.ends_at,
           COALESCE((SELECT json_agg(json_build_object('id', tk.id, 'sequence', tk.sequence, 'names', ov.names,
                                                       'status', tk.status, 'secret', tk.secret,
                                                       'unit_price', COALESCE(l.unit_price, 0))
                                     ORDER BY tk.sequence)
                     FROM tickets tk JOIN option_values ov ON ov.id = tk.option_value_id
                     LEFT JOIN order_lines l ON l.order_id = o.id AND l.option_value_id = tk.option_value_id
                     WHERE tk.reservation_id = c.id), '[]') AS tickets
    FROM reservations c
    JOIN reservations p ON p.id = c.parent_reservation_id
    JOIN orders o ON o.id = p.order_id
    JOIN products pr ON pr.id = o.product_id
    JOIN time_spans t ON t.id = o.time_span_id
    WHERE c.reservation_token = ${shareToken} AND c.site_code = ${site}`);
  const row = rows[0];
  if (!row) throw new AppError('ticket_not_found');
  // A shared page shows which of its tickets were refunded; the return notes are the holder's, not shown here.
  const refunds = await ticketRefunds(
    db,
    row.tickets.map((ticket) => Number(ticket.id)),
    null,
  );
  return {
    reservation_number: row.reservation_number,
    status: row.status,
    lang,
    product: {
      name: inLang(row.product_names, lang),
      type: row.product_type,
      caution: inLang(row.product_cautions, lang),
    },
    time_span_id: Number(row.time_span_id),
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    total_price: row.tickets.reduce((sum, ticket) => sum + Number(ticket.unit_price), 0),
    discount: 0,
    set_products: [],
    tickets: row.tickets.map((ticket) => ({
      id: Number(ticket.id),
      sequence: ticket.sequence,
      option_name: inLang(ticket.names, lang),
      status: ticket.status,
      qr:
        ticket.status === 'void'
          ? ''
          : signTicketQr(env.APP_SECRET, { id: Number(ticket.id), secret: ticket.secret }),
      refunded: refunds.refunded.has(Number(ticket.id)),
    })),
    return_notes: [],
    apple_wallet: walletCertificates(env) !== undefined,
  };
}
