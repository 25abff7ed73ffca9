import { sql } from 'drizzle-orm';
import type { Permissions } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { apiTokenHash, apiTokenPrefix, sameDigest } from './api-token-secret.ts';

/** Who calls with a valid token: its organisation, partner (or null), scope and name. */
export interface ApiTokenPrincipal {
  tokenId: number;
  organisationId: number;
  partnerId: number | null;
  permissions: Permissions;
  /** null: every site of the organisation. */
  siteCodes: string[] | null;
  name: string;
  prefix: string;
}

type TokenRow = {
  id: string | number;
  organisation_id: string | number;
  partner_id: string | number | null;
  permissions: Permissions;
  site_codes: string[] | null;
  name: string;
  prefix: string;
  token_hash: string;
  usable: boolean;
};

/**
 * The principal of `bearerValue` (the Authorization header's token), or null for anything that must answer
 * 401: a malformed value, an unknown token, an expired or revoked one, one of an inactive partner. The row is
 * found by its public prefix and the digests compared in constant time, so no timing tells how much of a
 * guessed secret was right; expiry and revocation are read by the database's clock in the same query.
 */
export async function authenticateApiToken(db: Db, bearerValue: string): Promise<ApiTokenPrincipal | null> {
  const prefix = apiTokenPrefix(bearerValue);
  if (prefix === null) return null;
  const { rows } = await db.execute<TokenRow>(sql`
    SELECT t.id, t.organisation_id, t.partner_id, t.permissions, t.site_codes, t.name, t.prefix, t.token_hash,
           (t.revoked_at IS NULL AND t.expires_at > now() AND COALESCE(p.active, true)) AS usable
    FROM api_tokens t LEFT JOIN partners p ON p.id = t.partner_id
    WHERE t.prefix = ${prefix}`);
  const row = rows[0];
  if (!row || !sameDigest(row.token_hash, apiTokenHash(bearerValue)) || !row.usable) return null;
  return {
    tokenId: Number(row.id),
    organisationId: Number(row.organisation_id),
    partnerId: row.partner_id === null ? null : Number(row.partner_id),
    permissions: row.permissions,
    siteCodes: row.site_codes,
    name: row.name,
    prefix: row.prefix,
  };
}
