import { sql } from 'drizzle-orm';
import type { LangCode, RoleLimits, RoleTemplateKey } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { textArray } from './sql-arrays.ts';
import { findRole, isOwnerLike, lockMembers, ownersLeft, roleWithin, type StaffRole } from './roles.ts';
import { endMembershipSessions } from './sessions.ts';
import { auditStaff, type AuditActor } from './staff-audit.ts';

/** Refuses (record_not_found) any code that is not a site of the organisation: never another's. */
export async function assertSitesOfOrganisation(
  tx: Tx | Db,
  organisationId: number,
  siteCodes: readonly string[],
): Promise<void> {
  if (siteCodes.length === 0) return;
  const { rows } = await tx.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM sites WHERE organisation_id = ${organisationId} AND code = ANY(${textArray(siteCodes)})`);
  if ((rows[0]?.n ?? 0) !== new Set(siteCodes).size) throw new AppError('record_not_found');
}

export interface StaffMember {
  staffId: number;
  email: string;
  name: string;
  lang: LangCode;
  roleId: number;
  roleName: string;
  roleTemplate: RoleTemplateKey | null;
  allSites: boolean;
  siteCodes: string[];
  totpEnabled: boolean;
  lastSeenAt: Date | null;
  joinedAt: Date;
}

type MemberRow = {
  staff_id: number | string;
  email: string;
  name: string;
  lang: LangCode;
  role_id: number | string;
  role_name: string;
  template_key: RoleTemplateKey | null;
  all_sites: boolean;
  site_codes: string[];
  totp_enabled: boolean;
  last_seen_at: Date | string | null;
  created_at: Date | string;
};

const memberOf = (row: MemberRow): StaffMember => ({
  staffId: Number(row.staff_id),
  email: row.email,
  name: row.name,
  lang: row.lang,
  roleId: Number(row.role_id),
  roleName: row.role_name,
  roleTemplate: row.template_key,
  allSites: row.all_sites,
  siteCodes: row.site_codes,
  totpEnabled: row.totp_enabled,
  lastSeenAt: row.last_seen_at === null ? null : new Date(row.last_seen_at),
  joinedAt: new Date(row.created_at),
});

const MEMBER_QUERY = sql`
  SELECT m.staff_id, st.email, st.name, st.lang, m.role_id, r.name AS role_name, r.template_key, m.all_sites,
    m.site_codes, st.totp_enabled_at IS NOT NULL AS totp_enabled, m.created_at,
    (SELECT max(last_seen_at) FROM staff_sessions s WHERE s.staff_id = m.staff_id
       AND s.organisation_id = m.organisation_id) AS last_seen_at
  FROM staff_memberships m JOIN staff st ON st.id = m.staff_id AND st.deleted_at IS NULL
  JOIN staff_roles r ON r.id = m.role_id`;

/** The organisation's staff with role, sites and whether they have a second factor, by name. */
export async function listStaff(db: Db | Tx, organisationId: number): Promise<StaffMember[]> {
  const { rows } = await db.execute<MemberRow>(
    sql`${MEMBER_QUERY} WHERE m.organisation_id = ${organisationId} ORDER BY st.name, m.staff_id`,
  );
  return rows.map(memberOf);
}

/** One member of the organisation; anyone else (another organisation's too) is record_not_found. */
export async function findMember(db: Db | Tx, organisationId: number, staffId: number): Promise<StaffMember> {
  const { rows } = await db.execute<MemberRow>(
    sql`${MEMBER_QUERY} WHERE m.organisation_id = ${organisationId} AND m.staff_id = ${staffId}`,
  );
  if (!rows[0]) throw new AppError('record_not_found');
  return memberOf(rows[0]);
}

/**
 * Who changes memberships: audited; one who is not owner-like (an administrator's `staffNotOwners`) neither
 * touches owner-like members nor makes them, and nobody hands out sites or roles beyond their own.
 */
export interface MemberEditor {
  actor: AuditActor;
  staffId: number;
  limits: RoleLimits;
}

/** The editor as the database has them now: role, and the sites they cover. */
interface EditorScope {
  role: StaffRole;
  ownerLike: boolean;
  allSites: boolean;
  siteCodes: readonly string[];
}

/**
 * Reads the editor's own membership in the transaction (not the session's copy). `limits` from the caller
 * can only narrow it: `staffNotOwners` there makes the editor not owner-like whatever the role says.
 */
export async function editorScope(
  tx: Tx,
  organisationId: number,
  editor: { staffId: number; limits: RoleLimits },
): Promise<EditorScope> {
  const me = await findMember(tx, organisationId, editor.staffId);
  const role = await findRole(tx, organisationId, me.roleId);
  return {
    role,
    ownerLike: isOwnerLike(role) && editor.limits.staffNotOwners !== true,
    allSites: me.allSites,
    siteCodes: me.siteCodes,
  };
}

/** Whether the editor covers every site of `scope` (all sites only when the editor has all sites). */
function covers(editor: EditorScope, scope: { allSites: boolean; siteCodes: readonly string[] }): boolean {
  if (editor.allSites) return true;
  return !scope.allSites && scope.siteCodes.every((code) => editor.siteCodes.includes(code));
}

/**
 * Refuses (record_not_found, as if it were not there) handing out more than the editor has: sites outside
 * their own, all sites without having all sites, and, for an editor who is not owner-like, a role above
 * their own or an owner-like one (issue 27 review: an administrator must not make an owner by another name).
 */
export function assertGrantable(
  editor: EditorScope,
  grant: { role?: StaffRole | null; allSites: boolean; siteCodes: readonly string[] },
): void {
  if (!covers(editor, grant)) throw new AppError('record_not_found');
  if (grant.role && !editor.ownerLike && !roleWithin(grant.role, editor.role))
    throw new AppError('record_not_found');
}

/** Refuses a member the editor may not touch: one outside their sites, or an owner-like one for a non-owner. */
async function assertWithinReach(tx: Tx, organisationId: number, editor: EditorScope, member: StaffMember) {
  if (!covers(editor, member)) throw new AppError('record_not_found');
  if (!editor.ownerLike && isOwnerLike(await findRole(tx, organisationId, member.roleId)))
    throw new AppError('record_not_found');
}

/**
 * Changes a member's role and/or sites. An organisation always keeps an owner; an administrator cannot
 * change an owner or give the owner role (record_not_found, as if the owner were not there).
 */
export async function changeMembership(
  db: Db,
  input: {
    organisationId: number;
    staffId: number;
    roleId?: number;
    sites?: readonly string[] | 'all';
    editor: MemberEditor;
  },
): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    await lockMembers(tx, input.organisationId);
    const before = await findMember(tx, input.organisationId, input.staffId);
    const editor = await editorScope(tx, input.organisationId, input.editor);
    await assertWithinReach(tx, input.organisationId, editor, before);
    const role = input.roleId === undefined ? null : await findRole(tx, input.organisationId, input.roleId);
    if (input.sites !== undefined && input.sites !== 'all') {
      await assertSitesOfOrganisation(tx, input.organisationId, input.sites);
    }
    const allSites = input.sites === undefined ? before.allSites : input.sites === 'all';
    const siteCodes =
      input.sites === undefined ? before.siteCodes : input.sites === 'all' ? [] : [...new Set(input.sites)];
    assertGrantable(editor, { role: role?.id === before.roleId ? null : role, allSites, siteCodes });
    const sameSites =
      allSites === before.allSites &&
      siteCodes.length === before.siteCodes.length &&
      siteCodes.every((code) => before.siteCodes.includes(code));
    // Nobody widens (or reshapes) their own reach: another member with the right does it, audited.
    if (input.staffId === input.editor.staffId && ((role && role.id !== before.roleId) || !sameSites)) {
      throw new AppError('invalid_request', 'you cannot change your own role or sites');
    }
    await tx.execute(sql`
      UPDATE staff_memberships SET role_id = ${role?.id ?? before.roleId}, all_sites = ${allSites},
        site_codes = ${textArray(siteCodes)}
      WHERE staff_id = ${input.staffId} AND organisation_id = ${input.organisationId}`);
    if ((await ownersLeft(tx, input.organisationId)) === 0) {
      throw new AppError('invalid_request', 'an organisation keeps at least one owner');
    }
    const after = await findMember(tx, input.organisationId, input.staffId);
    await auditStaff(tx, {
      actor: input.editor.actor,
      organisationId: input.organisationId,
      objectId: input.staffId,
      action: 'membership_changed',
      before: { roleId: before.roleId, allSites: before.allSites, siteCodes: before.siteCodes },
      after: { roleId: after.roleId, allSites: after.allSites, siteCodes: after.siteCodes },
    });
    return after;
  });
}

/**
 * Removes a member from the organisation: the membership goes and the member's sessions there end at once
 * (an old session of a removed member opens nothing). Someone left without any membership is marked
 * deleted, so the address can be invited afresh. The last owner cannot be removed.
 */
export async function removeMember(
  db: Db,
  input: { organisationId: number; staffId: number; editor: MemberEditor },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMembers(tx, input.organisationId);
    const before = await findMember(tx, input.organisationId, input.staffId);
    await assertWithinReach(
      tx,
      input.organisationId,
      await editorScope(tx, input.organisationId, input.editor),
      before,
    );
    await tx.execute(sql`
      DELETE FROM staff_memberships WHERE staff_id = ${input.staffId} AND organisation_id = ${input.organisationId}`);
    if ((await ownersLeft(tx, input.organisationId)) === 0) {
      throw new AppError('invalid_request', 'an organisation keeps at least one owner');
    }
    await endMembershipSessions(tx, input.staffId, input.organisationId);
    await tx.execute(sql`
      UPDATE staff SET deleted_at = now()
      WHERE id = ${input.staffId} AND NOT EXISTS (SELECT 1 FROM staff_memberships WHERE staff_id = ${input.staffId})`);
    await auditStaff(tx, {
      actor: input.editor.actor,
      organisationId: input.organisationId,
      objectId: input.staffId,
      action: 'member_removed',
      before: {
        email: before.email,
        roleId: before.roleId,
        allSites: before.allSites,
        siteCodes: before.siteCodes,
      },
    });
  });
}
