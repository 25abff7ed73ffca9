import { sql } from 'drizzle-orm';
import type { ApiToken } from '@kippu/contract/console/api-tokens-schemas';
import type { Db } from '../../db/client.ts';
import { coveredBy, type TokenViewer } from './api-token-coverage.ts';
import { apiTokensWhere } from './api-token-rows.ts';

/**
 * GET /api-tokens: the organisation's tokens the member's sites cover (an every-site token only for a member
 * who covers every site), partners' among them, newest first (never a secret).
 */
export function listApiTokens(db: Db, viewer: TokenViewer): Promise<ApiToken[]> {
  return apiTokensWhere(db, viewer.organisationId, coveredBy(viewer));
}

/** A partner's tokens the member's sites cover, newest first (the partner's page; the same rule as the list). */
export function listPartnerApiTokens(db: Db, viewer: TokenViewer, partnerId: number): Promise<ApiToken[]> {
  return apiTokensWhere(db, viewer.organisationId, sql`t.partner_id = ${partnerId} AND ${coveredBy(viewer)}`);
}
