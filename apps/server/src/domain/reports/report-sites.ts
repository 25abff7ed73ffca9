import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';

/**
 * The sites an organisation-wide report covers (ADR 084): those of the member's sites that are the
 * organisation's, or the one `site` names, which must be among them (404 otherwise, as every console route
 * answers for a site it may not see). Ordered as the organisation orders them.
 */
export async function organisationReportSites(
  db: Db,
  organisationId: number,
  coveredSiteCodes: readonly string[],
  site: string | null,
): Promise<string[]> {
  const wanted = site === null ? coveredSiteCodes : coveredSiteCodes.filter((code) => code === site);
  if (site !== null && wanted.length === 0) throw new AppError('record_not_found');
  const { rows } = await db.execute<{ code: string }>(sql`
    SELECT code FROM sites
    WHERE organisation_id = ${organisationId} AND code = ANY(${sql.param([...wanted])}::text[])
    ORDER BY position, code`);
  if (site !== null && rows.length === 0) throw new AppError('record_not_found');
  return rows.map((row) => row.code);
}
