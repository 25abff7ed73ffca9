import { sql, type SQL } from 'drizzle-orm';
import {
  orderTotal,
  type LangCode,
  type LocalizedText,
  type ProductType,
  type SiteCode,
} from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { Row } from '../../db/generated/rows.ts';

export type ReservationStatus = Row<'reservations'>['status'];
export type TicketStatus = Row<'tickets'>['status'];

/**
 * Everything about one reservation that its readers show (the confirmation mail, the ticket page, the
 * analytics call), read in one query; names stay per language so each reader picks its own.
 */
export interface ReservationDetails {
  id: number;
  token: string;
  number: string;
  status: ReservationStatus;
  lang: LangCode;
  email: string;
  siteCode: SiteCode;
  /** The site's URL slug (a column: a venue's slug is data). */
  siteSlug: string;
  siteNames: LocalizedText;
  currency: string;
  timeSpanId: number;
  productType: ProductType;
  productNames: LocalizedText;
  productCautions: LocalizedText;
  startsAt: Date;
  endsAt: Date;
  /** Ticket types in display order. */
  lines: { names: LocalizedText; unitPrice: number; quantity: number }[];
  /** Add-ons in display order. */
  sets: { names: LocalizedText; unitPrice: number; quantity: number }[];
  /** Σ over ticket types and add-ons of price × count, before discounts. */
  subtotal: number;
  discount: number;
  tickets: { id: number; sequence: number; names: LocalizedText; status: TicketStatus; secret: string }[];
}

/** The reservation with its order's slot, product and amounts; lines, set products and tickets built as JSON. */
type DetailsRow = Pick<
  Row<'reservations'>,
  'id' | 'reservation_token' | 'reservation_number' | 'status' | 'email' | 'site_code'
> &
  Pick<Row<'orders'>, 'time_span_id'> &
  Pick<Row<'products'>, 'product_type'> &
  // drizzle's execute hands timestamps over as text (rows.ts).
  Pick<Row<'time_spans'>, 'starts_at' | 'ends_at'> & {
    lang: LangCode;
    site_slug: Row<'sites'>['slug'];
    site_names: LocalizedText;
    currency: string;
    product_names: Row<'products'>['names'];
    product_cautions: Row<'products'>['cautions'];
    discount: number;
    lines: (Pick<Row<'option_values'>, 'names'> & Pick<Row<'order_lines'>, 'unit_price' | 'quantity'>)[];
    sets: (Pick<Row<'set_products'>, 'names'> & Pick<Row<'order_set_products'>, 'unit_price' | 'quantity'>)[];
    tickets: (Pick<Row<'tickets'>, 'id' | 'sequence' | 'status' | 'secret'> &
      Pick<Row<'option_values'>, 'names'>)[];
  };

async function read(executor: Pick<Db, 'execute'> | Tx, where: SQL): Promise<ReservationDetails | undefined> {
  const { rows } = await executor.execute<DetailsRow>(sql`
    SELECT r.id, r.reservation_token, r.reservation_number, r.status, r.lang, r.email, r.site_code,
           s.slug AS site_slug, s.settings -> 'name' AS site_names,
           COALESCE(s.settings ->> 'currency', 'JPY') AS currency, o.time_span_id,
           p.product_type, p.names AS product_names, p.cautions AS product_cautions, t.starts_at, t.ends_at,
           (o.membership_discount
            + COALESCE((SELECT sum(discount) FROM order_coupons WHERE order_id = o.id), 0))::int AS discount,
           COALESCE((SELECT json_agg(json_build_object('names', ov.names, 'unit_price', l.unit_price,
                                                       'quantity', l.quantity) ORDER BY ov.position, ov.id)
                     FROM order_lines l JOIN option_values ov ON ov.id = l.option_value_id
                     WHERE l.order_id = o.id), '[]') AS lines,
           COALESCE((SELECT json_agg(json_build_object('names', sp.names, 'unit_price', os.unit_price,
                                                       'quantity', os.quantity) ORDER BY sp.position, sp.id)
                     FROM order_set_products os JOIN set_products sp ON sp.id = os.set_product_id
                     WHERE os.order_id = o.id), '[]') AS sets,
           COALESCE((SELECT json_agg(json_build_object('id', tk.id, 'sequence', tk.sequence, 'names', ov.names,
                                                       'status', tk.status, 'secret', tk.secret)
                                     ORDER BY tk.sequence)
                     FROM tickets tk JOIN option_values ov ON ov.id = tk.option_value_id
                     WHERE tk.reservation_id = r.id), '[]') AS tickets
    FROM reservations r
    JOIN orders o ON o.id = r.order_id
    JOIN sites s ON s.code = r.site_code
    JOIN products p ON p.id = o.product_id
    JOIN time_spans t ON t.id = o.time_span_id
    WHERE ${where}`);
  const row = rows[0];
  if (!row) return undefined;
  const lines = row.lines.map((l) => ({ names: l.names, unitPrice: l.unit_price, quantity: l.quantity }));
  const sets = row.sets.map((s) => ({ names: s.names, unitPrice: s.unit_price, quantity: s.quantity }));
  return {
    id: Number(row.id),
    token: row.reservation_token,
    number: row.reservation_number,
    status: row.status,
    lang: row.lang,
    email: row.email,
    siteCode: row.site_code,
    siteSlug: row.site_slug,
    siteNames: row.site_names,
    currency: row.currency,
    timeSpanId: Number(row.time_span_id),
    productType: row.product_type,
    productNames: row.product_names,
    productCautions: row.product_cautions,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    lines,
    sets,
    subtotal: orderTotal(
      [...lines, ...sets].map((line) => ({ price: line.unitPrice, count: line.quantity })),
    ),
    discount: Number(row.discount),
    tickets: row.tickets.map((ticket) => ({ ...ticket, id: Number(ticket.id) })),
  };
}

/** A reservation by its token within a site (the ticket page, the analytics call). */
export function reservationByToken(db: Db, siteCode: SiteCode, token: string) {
  return read(db, sql`r.reservation_token = ${token} AND r.site_code = ${siteCode}`);
}

/** A reservation by id, inside the transaction that just created it (the confirmation mail). */
export function reservationById(tx: Tx, id: number) {
  return read(tx, sql`r.id = ${id}`);
}

/** A text in the wanted language, else Japanese (every stored text has it). */
export function inLang(text: LocalizedText | null | undefined, lang: LangCode): string {
  return text?.[lang] ?? text?.ja ?? '';
}
