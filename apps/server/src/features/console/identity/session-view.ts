import { sql } from 'drizzle-orm';
import type { LangCode } from '@kippu/contract';
import type { ConsoleSite, SessionResponse } from '@kippu/contract/console/identity-schemas';
import type { Db } from '../../../db/client.ts';
import { organisationById } from '../../../domain/staff/organisations.ts';
import { findRole } from '../../../domain/staff/roles.ts';
import { unusedRecoveryCodes } from '../../../domain/staff/second-factor.ts';
import type { StaffSession } from '../../../domain/staff/staff-types.ts';
import { AppError } from '../../../shared/app-error.ts';

/**
 * GET /session's answer: the session as the domain resolved it, with the organisation's and the covered
 * sites' names (in the member's language, else Japanese, else the code) and the sites' facts for the
 * console's shell.
 */
export async function sessionView(db: Db, session: StaffSession): Promise<SessionResponse> {
  const organisation = await organisationById(db, session.organisationId);
  if (!organisation) throw new AppError('console_sign_in_required');
  const role = await findRole(db, session.organisationId, session.roleId);
  const sites = await coveredSites(db, session.organisationId, session.siteCodes, session.lang);
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

async function coveredSites(
  db: Db,
  organisationId: number,
  codes: readonly string[],
  lang: LangCode,
): Promise<ConsoleSite[]> {
  if (codes.length === 0) return [];
  // The menu's facts (ADR 128): Members is a site's entry when it offers membership login or still keeps
  // members from when it did (they stay until erased). EXISTS is one probe of the (site_code, email) key.
  const { rows } = await db.execute<ConsoleSite>(sql`
    SELECT code, COALESCE(settings->'name'->>${lang}, settings->'name'->>'ja', code) AS name,
           COALESCE((settings->>'isUseMembershipLogin')::boolean, false) AS "membershipLogin",
           EXISTS (SELECT 1 FROM members m WHERE m.site_code = sites.code) AS "hasMembers"
    FROM sites
    WHERE organisation_id = ${organisationId} AND code = ANY(${sql.param([...codes])}::text[])
    ORDER BY position, code`);
  return rows;
}
