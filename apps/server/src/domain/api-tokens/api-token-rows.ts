import { sql, type SQL } from 'drizzle-orm';
import type { ApiToken } from '@kippu/contract/console/api-tokens-schemas';
import type { Permissions } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';

type ApiTokenRow = {
  id: string | number;
  name: string;
  prefix: string;
  partner_id: string | number | null;
  partner_name: string | null;
  permissions: Permissions;
  site_codes: string[] | null;
  state: ApiToken['state'];
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
  created_by_name: string | null;
};

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The tokens as lists show them (alias `t`): never the digest. */
const COLUMNS = sql`t.id, t.name, t.prefix, t.partner_id, p.name AS partner_name, t.permissions, t.site_codes,
  CASE WHEN t.revoked_at IS NOT NULL THEN 'revoked' WHEN t.expires_at <= now() THEN 'expired' ELSE 'active' END
    AS state,
  ${iso(sql`t.expires_at`)} AS expires_at, ${iso(sql`t.last_used_at`)} AS last_used_at,
  ${iso(sql`t.revoked_at`)} AS revoked_at, ${iso(sql`t.created_at`)} AS created_at,
  (SELECT s.name FROM staff s WHERE s.id = t.created_by AND s.deleted_at IS NULL) AS created_by_name`;

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: Number(row.id),
    name: row.name,
    prefix: row.prefix,
    partner_id: row.partner_id === null ? null : Number(row.partner_id),
    partner_name: row.partner_name,
    permissions: row.permissions,
    site_codes: row.site_codes,
    state: row.state,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
    created_at: row.created_at,
    created_by_name: row.created_by_name,
  };
}

/** The organisation's tokens matching `where` (on alias `t`), newest first. */
export async function apiTokensWhere(db: Db | Tx, organisationId: number, where: SQL = sql`true`) {
  const { rows } = await db.execute<ApiTokenRow>(sql`
    SELECT ${COLUMNS} FROM api_tokens t LEFT JOIN partners p ON p.id = t.partner_id
    WHERE t.organisation_id = ${organisationId} AND ${where}
    ORDER BY t.id DESC LIMIT 1000`);
  return rows.map(toApiToken);
}
