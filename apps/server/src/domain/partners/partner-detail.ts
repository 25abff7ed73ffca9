import { sql } from 'drizzle-orm';
import type { Partner, PartnerDetail } from '@kippu/contract/console/partners-schemas';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import type { TokenViewer } from '../api-tokens/api-token-coverage.ts';
import { listPartnerApiTokens } from '../api-tokens/list-api-tokens.ts';
import { partnersWhere, TICKET_TYPE_COLUMNS, toTicketType, type TicketTypeRow } from './partner-rows.ts';

/** GET /partners: the organisation's partners by name, with their net prices. */
export function listPartners(db: Db, organisationId: number): Promise<Partner[]> {
  return partnersWhere(db, organisationId);
}

/** One partner of the organisation, or 404 (another organisation's partner too). */
export async function partnerOf(db: Db | Tx, organisationId: number, partnerId: number): Promise<Partner> {
  const partner = (await partnersWhere(db, organisationId, sql`p.id = ${partnerId}`))[0];
  if (!partner) throw new AppError('record_not_found');
  return partner;
}

/**
 * GET /partners/:id: the partner, its tokens the member's sites cover (ADR 088 addendum) and every ticket type of
 * the organisation's products that are not retired (the net price editor's choices).
 */
export async function partnerDetail(db: Db, viewer: TokenViewer, partnerId: number): Promise<PartnerDetail> {
  const { organisationId } = viewer;
  const partner = await partnerOf(db, organisationId, partnerId);
  const { rows } = await db.execute<TicketTypeRow>(sql`
    SELECT ${TICKET_TYPE_COLUMNS}
    FROM option_values ov JOIN products pr ON pr.id = ov.product_id JOIN sites s ON s.code = pr.site_code
    WHERE s.organisation_id = ${organisationId} AND pr.status <> 'retired'
    ORDER BY s.position, pr.position, pr.id, ov.position, ov.id LIMIT 5000`);
  return {
    partner,
    tokens: await listPartnerApiTokens(db, viewer, partnerId),
    ticket_types: rows.map(toTicketType),
  };
}
