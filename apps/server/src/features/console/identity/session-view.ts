import { sql } from 'drizzle-orm';
import type { LangCode } from '@kippu/contract';
import type { SessionResponse } from '@kippu/contract/console/identity-schemas';
import type { Db } from '../../../db/client.ts';
import { organisationById } from '../../../domain/staff/organisations.ts';
import { findRole } from '../../../domain/staff/roles.ts';
import { unusedRecoveryCodes } from '../../../domain/staff/second-factor.ts';
import type { StaffSession } from '../../../domain/staff/staff-types.ts';
import { AppError } from '../../../shared/app-error.ts';

/**
 * GET /session's answer: the session as the domain resolved it, with the organisation's and the covered
 * sites' names (in the member's language, else Japanese, else the code) for the console's shell.
 */
export async function sessionView(db: Db, session: StaffSession): Promise<SessionResponse> {
  const organisation = await organisationById(db, session.organisationId);
  if (!organisation) throw new AppError('console_sign_in_required');
  const role = await findRole(db, session.organisationId, session.roleId);
  const sites = await siteNames(db, session.organisationId, session.siteCodes, session.lang);
  return {
    staff: { id: session.staffId, email: session.email, name: session.name, lang: session.lang },
    organisation: { id: organisation.id, code: organisation.code, name: organisation.name },
    role: { id: role.id, name: role.name, template: role.templateKey },
    permissions: session.permissions,
    limits: session.limits,
    sites,
    allSites: session.allSites,
    csrfToken: session.csrfToken,
    secondFactor: session.secondFactor,
    totpEnabled: session.totpEnabled,
    recoveryCodesLeft: session.totpEnabled ? await unusedRecoveryCodes(db, session.staffId) : null,
  };
}

async function siteNames(
  db: Db,
  organisationId: number,
  codes: readonly string[],
  lang: LangCode,
): Promise<{ code: string; name: string }[]> {
  if (codes.length === 0) return [];
  const { rows } = await db.execute<{ code: string; name: string }>(sql`
    SELECT code, COALESCE(settings->'name'->>${lang}, settings->'name'->>'ja', code) AS name
    FROM sites
    WHERE organisation_id = ${organisationId} AND code = ANY(${sql.param([...codes])}::text[])
    ORDER BY position, code`);
  return rows;
}
