import { sql } from 'drizzle-orm';
import type { LangCode, RoleLimits, RoleTemplateKey } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { mailText } from '../mail/templates/mail-texts.ts';
import { AppError } from '../../shared/app-error.ts';
import { textArray } from './sql-arrays.ts';
import { consoleUrl, invitationPath, mailSiteFor, type ConsoleLinkEnv } from './console-links.ts';
import { assertGrantable, assertSitesOfOrganisation, editorScope } from './members.ts';
import { organisationById } from './organisations.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { checkPasswordRules } from './password-rules.ts';
import { findRole, isOwnerLike } from './roles.ts';
import { normaliseEmail } from './sign-in.ts';
import { auditStaff, type AuditActor } from './staff-audit.ts';
import { newOpaqueToken, sha256Hex } from './tokens.ts';

/** An invitation link works this long (issue 27 brief: 7 days). */
export const INVITATION_VALID_MS = 7 * 24 * 3600_000;

export interface InviteInput {
  organisationId: number;
  email: string;
  name: string;
  lang: LangCode;
  roleId: number;
  sites: readonly string[] | 'all';
  /**
   * Who invites: audited, named in the mail; nobody gives sites or a role beyond their own, and an
   * administrator (`staffNotOwners`) makes no owner-like member. `staffId` null: the system (no scope).
   */
  invitedBy: { actor: AuditActor; staffId: number | null; name: string; limits: RoleLimits };
}

export interface CreatedInvitation {
  invitationId: number;
  /** The one-time token (only its hash is stored) and the link that carries it. */
  token: string;
  link: string;
  expiresAt: Date;
}

/**
 * Invites a person to the organisation with a role and sites (issue 27): a row in `staff_invitations` (its
 * own table; `invitations` is MORI's visitors') with the token's hash, and a mail through the outbox in the
 * person's language, in the same transaction. Refused with console_staff_exists when the address is
 * already a member or has an open invitation; a role or site of another organisation is record_not_found.
 */
export async function inviteStaff(
  db: Db,
  env: ConsoleLinkEnv,
  input: InviteInput,
): Promise<CreatedInvitation> {
  const email = normaliseEmail(input.email);
  return db.transaction(async (tx) => {
    const role = await findRole(tx, input.organisationId, input.roleId);
    const sites = input.sites === 'all' ? [] : [...new Set(input.sites)];
    if (input.sites !== 'all') await assertSitesOfOrganisation(tx, input.organisationId, sites);
    if (input.invitedBy.staffId !== null) {
      const editor = await editorScope(tx, input.organisationId, {
        staffId: input.invitedBy.staffId,
        limits: input.invitedBy.limits,
      });
      assertGrantable(editor, { role, allSites: input.sites === 'all', siteCodes: sites });
    } else if (input.invitedBy.limits.staffNotOwners && isOwnerLike(role)) {
      throw new AppError('record_not_found');
    }
    // One invitation at a time per address and organisation: serialise two owners inviting the same person.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`staff-invite:${input.organisationId}:${email}`}))`,
    );
    const { rows: taken } = await tx.execute(sql`
      SELECT 1 FROM staff st JOIN staff_memberships m ON m.staff_id = st.id
      WHERE st.email = ${email} AND st.deleted_at IS NULL AND m.organisation_id = ${input.organisationId}
      UNION ALL
      SELECT 1 FROM staff_invitations
      WHERE email = ${email} AND organisation_id = ${input.organisationId}
        AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
      LIMIT 1`);
    if (taken.length > 0) throw new AppError('console_staff_exists');
    const token = newOpaqueToken();
    const { rows } = await tx.execute<{ id: number | string; expires_at: Date | string }>(sql`
      INSERT INTO staff_invitations (token_hash, organisation_id, email, name, lang, role_id, all_sites, site_codes,
        invited_by, expires_at)
      VALUES (${sha256Hex(token)}, ${input.organisationId}, ${email}, ${input.name}, ${input.lang}, ${role.id},
        ${input.sites === 'all'}, ${textArray(sites)}, ${input.invitedBy.staffId},
        now() + ${`${INVITATION_VALID_MS} milliseconds`}::interval)
      RETURNING id, expires_at`);
    const invitationId = Number(rows[0]!.id);
    const expiresAt = new Date(rows[0]!.expires_at);
    const link = consoleUrl(env, invitationPath(token));
    const organisation = await organisationById(tx, input.organisationId);
    const siteCode = await mailSiteFor(tx, input.organisationId);
    if (siteCode && organisation) {
      await enqueueMail(tx, {
        kind: 'staff_invitation',
        siteCode,
        to: email,
        lang: input.lang,
        payload: {
          organisationName: organisation.name,
          inviterName: input.invitedBy.name,
          // A template's copy by the template's name in the invitee's language, as the console shows it.
          roleName: role.templateKey
            ? mailText(input.lang, `email_staff_role_${role.templateKey}`)
            : role.name,
          acceptUrl: link,
          expiresAt: expiresAt.toISOString(),
        },
      });
    }
    await auditStaff(tx, {
      actor: input.invitedBy.actor,
      organisationId: input.organisationId,
      objectType: 'staff_invitation',
      objectId: invitationId,
      action: 'invited',
      after: { email, name: input.name, lang: input.lang, roleId: role.id, sites: input.sites },
    });
    return { invitationId, token, link, expiresAt };
  });
}

export interface InvitationPreview {
  organisationName: string;
  email: string;
  name: string;
  lang: LangCode;
  roleName: string;
  /** The role's template (the screen names it in the reader's language), null for a custom role. */
  roleTemplate: RoleTemplateKey | null;
  /** The address already has an account: accepting asks for its current password, not a new one. */
  existingAccount: boolean;
}

async function openInvitation(tx: Tx | Db, token: string, lock: boolean) {
  const { rows } = await tx.execute<{
    id: number | string;
    organisation_id: number | string;
    organisation_name: string;
    email: string;
    name: string;
    lang: LangCode;
    role_id: number | string;
    role_name: string;
    template_key: RoleTemplateKey | null;
    all_sites: boolean;
    site_codes: string[];
    existing_staff_id: number | string | null;
    existing_hash: string | null;
  }>(sql`
    SELECT i.id, i.organisation_id, o.name AS organisation_name, i.email, i.name, i.lang, i.role_id,
      r.name AS role_name, r.template_key, i.all_sites, i.site_codes, st.id AS existing_staff_id, st.password_hash AS existing_hash
    FROM staff_invitations i
    JOIN organisations o ON o.id = i.organisation_id
    JOIN staff_roles r ON r.id = i.role_id
    LEFT JOIN staff st ON st.email = i.email AND st.deleted_at IS NULL
    WHERE i.token_hash = ${sha256Hex(token)} AND i.accepted_at IS NULL AND i.revoked_at IS NULL
      AND i.expires_at > now()
    ${lock ? sql`FOR UPDATE OF i` : sql``}`);
  return rows[0];
}

/** What an invitation link offers, for the acceptance screen; console_link_expired when it is not open. */
export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const invitation = await openInvitation(db, token, false);
  if (!invitation) throw new AppError('console_link_expired');
  return {
    organisationName: invitation.organisation_name,
    email: invitation.email,
    name: invitation.name,
    lang: invitation.lang,
    roleName: invitation.role_name,
    roleTemplate: invitation.template_key,
    existingAccount: invitation.existing_hash !== null,
  };
}

/**
 * Accepts an invitation once: a new account with `password` (which must pass the rules), or, when the
 * address already has an account, a membership after checking that account's password. A used, revoked or
 * expired link answers console_link_expired. The caller signs the person in afterwards.
 */
export async function acceptInvitation(
  db: Db,
  input: {
    token: string;
    password: string;
    name?: string;
    client: { address: string | null; userAgent: string | null };
  },
): Promise<{ staffId: number; organisationId: number; email: string }> {
  const preview = await openInvitation(db, input.token, false);
  if (!preview) throw new AppError('console_link_expired');
  // The slow hash outside the transaction when the link promised a new account; decided again under the lock.
  let newHash: string | null = null;
  const newPassword = async (email: string): Promise<string> => {
    if (checkPasswordRules(input.password, email) !== null) throw new AppError('console_password_rules');
    return hashPassword(input.password);
  };
  if (preview.existing_hash === null) newHash = await newPassword(preview.email);
  return db.transaction(async (tx) => {
    // Two organisations' invitations of one new address accepted at once: the second waits here, then
    // finds the account the first made (never a unique-index 500, never a password silently dropped).
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`staff-email:${preview.email.toLowerCase()}`}))`,
    );
    const invitation = await openInvitation(tx, input.token, true);
    if (!invitation) throw new AppError('console_link_expired');
    if (invitation.existing_hash !== null) {
      if (!(await verifyPassword(invitation.existing_hash, input.password)))
        throw new AppError('console_sign_in_failed');
      newHash = null;
    } else {
      newHash ??= await newPassword(invitation.email);
    }
    const organisationId = Number(invitation.organisation_id);
    let staffId: number;
    if (invitation.existing_staff_id !== null) {
      staffId = Number(invitation.existing_staff_id);
      // An account made by an earlier invitation but never given a password gets this one.
      if (newHash !== null) {
        await tx.execute(
          sql`UPDATE staff SET password_hash = ${newHash} WHERE id = ${staffId} AND password_hash IS NULL`,
        );
      }
    } else {
      const { rows } = await tx.execute<{ id: number | string }>(sql`
        INSERT INTO staff (email, name, lang, password_hash)
        VALUES (${invitation.email}, ${(input.name ?? invitation.name).trim() || invitation.name}, ${invitation.lang}, ${newHash})
        RETURNING id`);
      staffId = Number(rows[0]!.id);
    }
    await tx.execute(sql`
      INSERT INTO staff_memberships (staff_id, organisation_id, role_id, all_sites, site_codes)
      VALUES (${staffId}, ${organisationId}, ${invitation.role_id}, ${invitation.all_sites}, ${textArray(invitation.site_codes)})
      ON CONFLICT (staff_id, organisation_id) DO NOTHING`);
    await tx.execute(sql`
      UPDATE staff_invitations SET accepted_at = now(), staff_id = ${staffId} WHERE id = ${invitation.id}`);
    await auditStaff(tx, {
      actor: {
        kind: 'staff',
        staffId,
        clientAddress: input.client.address,
        userAgent: input.client.userAgent,
      },
      organisationId,
      objectType: 'staff_invitation',
      objectId: Number(invitation.id),
      action: 'invitation_accepted',
      after: { staffId, roleId: Number(invitation.role_id) },
    });
    return { staffId, organisationId, email: invitation.email };
  });
}

export interface PendingInvitation {
  id: number;
  email: string;
  name: string;
  lang: LangCode;
  roleId: number;
  allSites: boolean;
  siteCodes: string[];
  createdAt: Date;
  expiresAt: Date;
}

/** The organisation's invitations still open (not accepted, revoked or expired), newest first. */
export async function listInvitations(db: Db | Tx, organisationId: number): Promise<PendingInvitation[]> {
  const { rows } = await db.execute<{
    id: number | string;
    email: string;
    name: string;
    lang: LangCode;
    role_id: number | string;
    all_sites: boolean;
    site_codes: string[];
    created_at: Date | string;
    expires_at: Date | string;
  }>(sql`
    SELECT id, email, name, lang, role_id, all_sites, site_codes, created_at, expires_at FROM staff_invitations
    WHERE organisation_id = ${organisationId} AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
    ORDER BY created_at DESC, id DESC`);
  return rows.map((row) => ({
    id: Number(row.id),
    email: row.email,
    name: row.name,
    lang: row.lang,
    roleId: Number(row.role_id),
    allSites: row.all_sites,
    siteCodes: row.site_codes,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  }));
}

/** Revokes an open invitation of the organisation (another organisation's is record_not_found). */
export async function revokeInvitation(
  db: Db,
  input: { organisationId: number; invitationId: number; actor: AuditActor },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      UPDATE staff_invitations SET revoked_at = now()
      WHERE id = ${input.invitationId} AND organisation_id = ${input.organisationId}
        AND accepted_at IS NULL AND revoked_at IS NULL
      RETURNING id`);
    if (rows.length === 0) throw new AppError('record_not_found');
    await auditStaff(tx, {
      actor: input.actor,
      organisationId: input.organisationId,
      objectType: 'staff_invitation',
      objectId: input.invitationId,
      action: 'invitation_revoked',
    });
  });
}
