import { sql, type SQL } from 'drizzle-orm';

/** Whose log a reader may see: the staff member's organisation and the sites the membership covers. */
export interface AuditScope {
  organisationId: number;
  siteCodes: readonly string[];
}

/**
 * The events of `scope` (alias `e`): the organisation's, of a covered site; an event of no site (a role
 * changed, a staff member invited) only for a membership that covers every site of the organisation, since
 * such an event may concern any of them.
 */
export function visibleTo(scope: AuditScope): SQL {
  const codes = sql.param([...scope.siteCodes]);
  return sql`e.organisation_id = ${scope.organisationId}
    AND (e.site_code = ANY(${codes}::text[])
         OR (e.site_code IS NULL AND NOT EXISTS (
               SELECT 1 FROM sites s WHERE s.organisation_id = ${scope.organisationId}
                 AND s.code <> ALL(${codes}::text[]))))`;
}
