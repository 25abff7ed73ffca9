import { sql, type SQL } from 'drizzle-orm';
import type { LocalizedText } from '@kippu/contract';
import type { Partner } from '@kippu/contract/console/partners-schemas';
import type { Db, Tx } from '../../db/client.ts';

type PartnerRow = {
  id: string | number;
  name: string;
  contact_name: string;
  contact_email: string;
  mails_customers: boolean;
  active: boolean;
  created_at: string;
  updated_at: string;
};

export type TicketTypeRow = {
  ticket_type_id: string | number;
  site_code: string;
  product_id: string | number;
  product_name: LocalizedText;
  ticket_type_name: LocalizedText;
  list_price_yen: string | number;
};

type NetPriceRow = TicketTypeRow & { partner_id: string | number; net_price_yen: number };

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A ticket type as the console shows it beside a net price (alias `ov` joined to `pr`, its product). */
export const TICKET_TYPE_COLUMNS = sql`ov.id AS ticket_type_id, pr.site_code, pr.id AS product_id,
  pr.names AS product_name, ov.names AS ticket_type_name, ov.price AS list_price_yen`;

export function toTicketType(row: TicketTypeRow) {
  return {
    ticket_type_id: Number(row.ticket_type_id),
    site_code: row.site_code,
    product_id: Number(row.product_id),
    product_name: row.product_name,
    ticket_type_name: row.ticket_type_name,
    list_price_yen: Number(row.list_price_yen),
  };
}

/** The organisation's partners matching `where` (alias `p`) with their net prices, by name. */
export async function partnersWhere(
  db: Db | Tx,
  organisationId: number,
  where: SQL = sql`true`,
): Promise<Partner[]> {
  const { rows } = await db.execute<PartnerRow>(sql`
    SELECT p.id, p.name, p.contact_name, p.contact_email, p.mails_customers, p.active,
           ${iso(sql`p.created_at`)} AS created_at, ${iso(sql`p.updated_at`)} AS updated_at
    FROM partners p WHERE p.organisation_id = ${organisationId} AND ${where}
    ORDER BY p.name, p.id LIMIT 1000`);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => Number(row.id));
  const { rows: prices } = await db.execute<NetPriceRow>(sql`
    SELECT n.partner_id, n.net_price_yen, ${TICKET_TYPE_COLUMNS}
    FROM partner_net_prices n
    JOIN option_values ov ON ov.id = n.ticket_type_id
    JOIN products pr ON pr.id = ov.product_id
    WHERE n.partner_id = ANY(${sql.param(ids)}::bigint[])
    ORDER BY pr.site_code, pr.position, pr.id, ov.position, ov.id`);
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    contact_name: row.contact_name,
    contact_email: row.contact_email,
    mails_customers: row.mails_customers,
    active: row.active,
    created_at: row.created_at,
    updated_at: row.updated_at,
    net_prices: prices
      .filter((price) => Number(price.partner_id) === Number(row.id))
      .map((price) => ({ ...toTicketType(price), net_price_yen: Number(price.net_price_yen) })),
  }));
}
