import { sql, type SQL } from 'drizzle-orm';

/** A staff member looking at or revoking tokens: their organisation and the sites their membership covers. */
export interface TokenViewer {
  organisationId: number;
  siteCodes: readonly string[];
}

/**
 * The tokens (alias `t`) a member may see and revoke (ADR 088 addendum), the same rule as making one: a token
 * whose sites all lie within the member's, and an every-site token only for a member who covers every site of
 * the organisation. Any other token is, to them, not found (404).
 */
export function coveredBy(viewer: TokenViewer): SQL {
  const own = sql`${sql.param([...viewer.siteCodes])}::text[]`;
  return sql`(CASE WHEN t.site_codes IS NULL
    THEN NOT EXISTS (SELECT 1 FROM sites cs WHERE cs.organisation_id = ${viewer.organisationId}
                       AND NOT (cs.code = ANY(${own})))
    ELSE t.site_codes <@ ${own} END)`;
}
