import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PARTNER_AVAILABILITY_MAX_DAYS,
  type partnerAvailabilitySchema,
  type partnerProductListSchema,
} from '@kippu/contract/partner/partner-schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { slotBeforeChannelCutoffSql } from '../stock/slot-sale.ts';
import type { PartnerCaller } from './partner-caller.ts';

type ProductList = z.infer<typeof partnerProductListSchema>;
type Availability = z.infer<typeof partnerAvailabilitySchema>;

/**
 * The products a partner may sell: published, of a site its token covers, with at least one ticket type the
 * organisation gave the partner a net price for (only those are listed: a ticket type without one is not
 * sold to the partner).
 */
export async function partnerProducts(db: Db, caller: PartnerCaller): Promise<ProductList> {
  const { rows } = await db.execute<ProductList['products'][number]>(sql`
    SELECT p.id, p.site_code AS site, p.names AS name, p.product_type, p.min_quantity, p.max_quantity,
           json_agg(json_build_object('id', ov.id, 'name', ov.names, 'list_price', ov.price,
                                      'net_price', n.net_price_yen) ORDER BY ov.position, ov.id) AS ticket_types
    FROM products p JOIN sites s ON s.code = p.site_code
    JOIN option_values ov ON ov.product_id = p.id
    JOIN partner_net_prices n ON n.ticket_type_id = ov.id AND n.partner_id = ${caller.partnerId}
    WHERE s.organisation_id = ${caller.organisationId} AND p.status = 'published'
      AND (${sql.param(caller.siteCodes)}::text[] IS NULL OR p.site_code = ANY(${sql.param(caller.siteCodes)}::text[]))
    GROUP BY p.id ORDER BY p.site_code, p.position, p.id`);
  return {
    products: rows.map((row) => ({
      ...row,
      id: Number(row.id),
      ticket_types: row.ticket_types.map((t) => ({ ...t, list_price: Number(t.list_price) })),
    })),
  };
}

/** The product as a partner may book it (404 when it is none of the above). */
export async function partnerProduct(
  db: Db,
  caller: PartnerCaller,
  productId: number,
): Promise<{
  id: number;
  uuid: string;
  siteCode: string;
  saleChannels: string[];
  minQuantity: number;
  maxQuantity: number;
}> {
  const { rows } = await db.execute<{
    id: number;
    uuid: string;
    site_code: string;
    sale_channels: string[];
    min_quantity: number;
    max_quantity: number;
  }>(sql`
    SELECT p.id, p.uuid, p.site_code, p.sale_channels, p.min_quantity, p.max_quantity
    FROM products p JOIN sites s ON s.code = p.site_code
    WHERE p.id = ${productId} AND s.organisation_id = ${caller.organisationId} AND p.status = 'published'
      AND (${sql.param(caller.siteCodes)}::text[] IS NULL OR p.site_code = ANY(${sql.param(caller.siteCodes)}::text[]))
      AND EXISTS (SELECT 1 FROM option_values ov JOIN partner_net_prices n ON n.ticket_type_id = ov.id
                  WHERE ov.product_id = p.id AND n.partner_id = ${caller.partnerId})`);
  const row = rows[0];
  if (!row) throw new AppError('record_not_found');
  return {
    id: Number(row.id),
    uuid: row.uuid,
    siteCode: row.site_code,
    saleChannels: row.sale_channels,
    minQuantity: row.min_quantity,
    maxQuantity: row.max_quantity,
  };
}

/**
 * Per slot of the product starting in [from, to] (Tokyo dates): what a booking can take now. With an
 * allotment holding seats, its remaining (a booking takes only from it); else the slot's free seats when the
 * product is sold on channel OTA and the slot is on sale before the OTA cut-off; else 0. The same rule as
 * createPartnerBooking's, so what is shown is what a booking gets.
 */
export async function partnerAvailability(
  db: Db,
  caller: PartnerCaller,
  query: { product: number; from: string; to: string },
): Promise<Availability> {
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
  if (!(days >= 0 && days < PARTNER_AVAILABILITY_MAX_DAYS)) {
    throw new AppError('invalid_request', `from..to: 1 to ${PARTNER_AVAILABILITY_MAX_DAYS} days`);
  }
  const product = await partnerProduct(db, caller, query.product);
  const general = product.saleChannels.includes('OTA');
  const { rows } = await db.execute<{
    slot_id: number;
    starts_at: string;
    ends_at: string;
    allotment: Availability['slots'][number]['allotment'];
    free: number;
    sellable: boolean;
  }>(sql`
    SELECT t.id AS slot_id,
           to_char(t.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS starts_at,
           to_char(t.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ends_at,
           (SELECT json_build_object('quantity', a.quantity, 'sold', a.sold, 'remaining', a.quantity - a.sold,
                     'release_at', to_char(a.release_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
            FROM allotments a
            WHERE a.partner_id = ${caller.partnerId} AND a.time_span_id = t.id AND a.released_at IS NULL) AS allotment,
           GREATEST(t.capacity - t.held - t.sold - t.allotted, 0)::int AS free,
           (t.on_sale AND ${sql.raw(slotBeforeChannelCutoffSql('t', 'p', `'OTA'`))}) AS sellable
    FROM time_spans t JOIN products p ON p.id = t.product_id
    WHERE t.product_id = ${product.id}
      AND t.starts_at >= (${query.from}::date::timestamp AT TIME ZONE 'Asia/Tokyo')
      AND t.starts_at < ((${query.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Tokyo')
    ORDER BY t.starts_at, t.id`);
  return {
    product_id: product.id,
    slots: rows.map((row) => ({
      slot_id: Number(row.slot_id),
      starts_at: row.starts_at,
      ends_at: row.ends_at,
      allotment: row.allotment,
      available: !row.sellable ? 0 : row.allotment ? row.allotment.remaining : general ? row.free : 0,
    })),
  };
}
