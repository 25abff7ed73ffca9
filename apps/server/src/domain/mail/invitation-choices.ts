import type { LangCode, LocalizedText, ProductType } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { slotBeforeSaleCutoffSql } from '../stock/slot-sale.ts';

/** What an operator can invite to on a site: products, their ticket types and the next open slots. */
export interface InvitationChoice {
  uuid: string;
  name: string;
  type: ProductType;
  minQuantity: number;
  maxQuantity: number;
  ticketTypes: { id: number; name: string; price: number }[];
  nextSlots: { id: number; startsAt: Date; endsAt: Date; remaining: number }[];
}

type Row = {
  uuid: string;
  names: LocalizedText;
  product_type: ProductType;
  min_quantity: number;
  max_quantity: number;
  ticket_types: { id: number; names: LocalizedText; price: number }[];
  next_slots: { id: number; starts_at: string; ends_at: string; remaining: number }[];
};

/** The web products of a site with their ticket types and next `slots` slots still on sale (for npm run invite -- --list). */
export async function listInvitationChoices(
  db: Db,
  siteCode: string,
  lang: LangCode,
  slots = 5,
): Promise<InvitationChoice[]> {
  const { rows } = await db.$client.query<Row>(
    `SELECT p.uuid, p.names, p.product_type, p.min_quantity, p.max_quantity,
            COALESCE((SELECT json_agg(json_build_object('id', ov.id, 'names', ov.names, 'price', ov.price)
                                      ORDER BY ov.position, ov.id)
                      FROM option_values ov WHERE ov.product_id = p.id), '[]') AS ticket_types,
            COALESCE((SELECT json_agg(s ORDER BY s.starts_at) FROM (
                        SELECT t.id, t.starts_at, t.ends_at, t.capacity - t.held - t.sold - t.allotted AS remaining
                        FROM time_spans t
                        WHERE t.product_id = p.id AND t.on_sale AND ${slotBeforeSaleCutoffSql('t', 'p')}
                        ORDER BY t.starts_at LIMIT $2) s), '[]') AS next_slots
     FROM products p
     WHERE p.site_code = $1 AND p.status = 'published' AND 'web' = ANY(p.sale_channels)
     ORDER BY p.position, p.id`,
    [siteCode, slots],
  );
  const name = (names: LocalizedText) => names[lang] || names.ja;
  return rows.map((row) => ({
    uuid: row.uuid,
    name: name(row.names),
    type: row.product_type,
    minQuantity: row.min_quantity,
    maxQuantity: row.max_quantity,
    ticketTypes: row.ticket_types.map((t) => ({ id: t.id, name: name(t.names), price: t.price })),
    nextSlots: row.next_slots.map((s) => ({
      id: s.id,
      startsAt: new Date(s.starts_at),
      endsAt: new Date(s.ends_at),
      remaining: s.remaining,
    })),
  }));
}
