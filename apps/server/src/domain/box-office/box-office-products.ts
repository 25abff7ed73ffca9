import { sql } from 'drizzle-orm';
import type { LangCode, ProductType, SiteCode } from '@kippu/contract';
import type { BoxOfficeProducts } from '@kippu/contract/console/box-office-schemas';
import type { Db } from '../../db/client.ts';
import { slotBeforeChannelCutoffSql } from '../stock/slot-sale.ts';

/**
 * What the counter sells on a day (issue 29, ADR 080): the site's published products sold on the `pos`
 * channel, their ticket types, and that Tokyo day's slots with their free seats and whether the counter may
 * still sell them (the pos cut-off: a running timed slot sells until it ends). Availability is read afresh
 * (staff look at it while a visitor waits); the hold decides in the end.
 */
type ProductRow = {
  uuid: string;
  name: string;
  product_type: ProductType;
  min_quantity: number;
  max_quantity: number;
  ticket_types: { option_value_id: number; name: string; price: number }[];
  slots: {
    time_span_id: number;
    starts_at: string;
    ends_at: string;
    capacity: number;
    available: number;
    on_sale: boolean;
  }[];
};

/** Today in Tokyo (yyyy-MM-dd). */
export function tokyoToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}

export async function boxOfficeProducts(
  db: Db,
  site: SiteCode,
  date: string | undefined,
  lang: LangCode,
): Promise<BoxOfficeProducts> {
  const day = date ?? tokyoToday();
  const onSale = sql.raw(`(t.on_sale AND ${slotBeforeChannelCutoffSql('t', 'p', `'pos'`)}
      AND (p.sale_starts_at IS NULL OR p.sale_starts_at <= now())
      AND (p.sale_ends_at IS NULL OR p.sale_ends_at > now()))`);
  const { rows } = await db.execute<ProductRow>(sql`
    SELECT p.uuid, COALESCE(p.names ->> ${lang}, p.names ->> 'ja', '') AS name, p.product_type,
           p.min_quantity, p.max_quantity,
           COALESCE((SELECT json_agg(json_build_object(
                       'option_value_id', ov.id, 'name', COALESCE(ov.names ->> ${lang}, ov.names ->> 'ja', ''),
                       'price', ov.price) ORDER BY ov.position, ov.id)
                     FROM option_values ov WHERE ov.product_id = p.id), '[]') AS ticket_types,
           COALESCE((SELECT json_agg(json_build_object(
                       'time_span_id', t.id, 'starts_at', t.starts_at, 'ends_at', t.ends_at,
                       'capacity', t.capacity, 'available', greatest(t.capacity - t.held - t.sold - t.allotted, 0),
                       'on_sale', ${onSale}) ORDER BY t.starts_at, t.id)
                     FROM time_spans t
                     -- Slots of that Tokyo day, and a day's or a period's span that covers it.
                     WHERE t.product_id = p.id
                       AND t.starts_at < (${day}::date + 1)::timestamp AT TIME ZONE 'Asia/Tokyo'
                       AND t.ends_at > ${day}::date::timestamp AT TIME ZONE 'Asia/Tokyo'), '[]') AS slots
    FROM products p
    WHERE p.site_code = ${site} AND p.status = 'published' AND 'pos' = ANY (p.sale_channels)
    ORDER BY p.position, p.id`);
  const { rows: methods } = await db.execute<{ method: 'cash' | 'card_terminal' | 'free' }>(sql`
    SELECT method FROM payment_methods
    WHERE site_code = ${site} AND channel = 'pos' AND enabled AND method IN ('cash', 'card_terminal', 'free')
    ORDER BY position, method`);
  return {
    date: day,
    products: rows.map((row) => ({
      product_uuid: row.uuid,
      name: row.name,
      type: row.product_type,
      min_quantity: row.min_quantity,
      max_quantity: row.max_quantity,
      ticket_types: row.ticket_types,
      slots: row.slots.map((slot) => ({
        ...slot,
        starts_at: new Date(slot.starts_at).toISOString(),
        ends_at: new Date(slot.ends_at).toISOString(),
      })),
    })),
    payment_methods: methods.map((m) => m.method),
  };
}
