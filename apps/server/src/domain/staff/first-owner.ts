import { sql } from 'drizzle-orm';
import type { LangCode } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { consoleUrl, invitationPath, type ConsoleLinkEnv } from './console-links.ts';
import { INVITATION_VALID_MS } from './invitations.ts';
import { ensureOrganisation } from './organisations.ts';
import { hashPassword } from './password-hash.ts';
import { checkPasswordRules } from './password-rules.ts';
import { templateRole } from './roles.ts';
import { normaliseEmail } from './sign-in.ts';
import { auditStaff } from './staff-audit.ts';
import { newOpaqueToken, sha256Hex } from './tokens.ts';

export interface CreateOwnerInput {
  organisationCode: string;
  /** The organisation's name when it is made (default: its code). */
  organisationName?: string;
  email: string;
  name?: string;
  lang?: LangCode;
  /** Set the password now (the CLI's --password-stdin); without it the answer is a one-time link. */
  password?: string;
}

interface OwnerOutcome {
  organisationId: number;
  organisationCreated: boolean;
  /** Sites taken over from the install's default organisation (see adoptDefaultSites). */
  adoptedSites: string[];
}

export type CreateOwnerResult =
  | ({ kind: 'password-set'; staffId: number } & OwnerOutcome)
  | ({ kind: 'link'; link: string; expiresAt: Date } & OwnerOutcome);

/**
 * A new install's sites belong to the `default` organisation (migration 0800). The first organisation made
 * by create-owner takes them over while nobody is a member of `default`, so the first owner sees the
 * install's sites; later organisations start empty.
 */
async function adoptDefaultSites(tx: Tx, organisationId: number): Promise<string[]> {
  const { rows } = await tx.execute<{ code: string }>(sql`
    UPDATE sites SET organisation_id = ${organisationId}
    WHERE organisation_id = (SELECT id FROM organisations WHERE code = 'default')
      AND NOT EXISTS (SELECT 1 FROM staff_memberships m JOIN organisations o ON o.id = m.organisation_id
                      WHERE o.code = 'default')
    RETURNING code`);
  return rows.map((row) => row.code).sort();
}

/**
 * The first owner of an organisation, from the command line (issue 27): the organisation is made when
 * absent (with its role copies), then the person becomes an owner of all its sites, either at once with
 * the given password (which must pass the rules) or through a one-time invitation link that is printed,
 * not mailed. Audited as the system.
 */
export async function createOwner(
  db: Db,
  env: ConsoleLinkEnv,
  input: CreateOwnerInput,
): Promise<CreateOwnerResult> {
  const email = normaliseEmail(input.email);
  const lang = input.lang ?? 'ja';
  const name = input.name?.trim() || email.split('@')[0]!;
  if (input.password !== undefined && checkPasswordRules(input.password, email) !== null) {
    throw new AppError('console_password_rules');
  }
  const hash = input.password === undefined ? null : await hashPassword(input.password);
  const actor = { kind: 'system', label: 'npm run staff -- create-owner' } as const;
  return db.transaction(async (tx) => {
    const { organisation, created } = await ensureOrganisation(tx, {
      code: input.organisationCode,
      name: input.organisationName ?? input.organisationCode,
    });
    const owner = await templateRole(tx, organisation.id, 'owner');
    const adoptedSites =
      created && organisation.code !== 'default' ? await adoptDefaultSites(tx, organisation.id) : [];
    const outcome = { organisationId: organisation.id, organisationCreated: created, adoptedSites };
    if (hash === null) {
      const token = newOpaqueToken();
      const { rows } = await tx.execute<{ id: number | string; expires_at: Date | string }>(sql`
        INSERT INTO staff_invitations (token_hash, organisation_id, email, name, lang, role_id, all_sites, expires_at)
        VALUES (${sha256Hex(token)}, ${organisation.id}, ${email}, ${name}, ${lang}, ${owner.id}, true,
          now() + ${`${INVITATION_VALID_MS} milliseconds`}::interval)
        RETURNING id, expires_at`);
      await auditStaff(tx, {
        actor,
        organisationId: organisation.id,
        objectType: 'staff_invitation',
        objectId: Number(rows[0]!.id),
        action: 'invited',
        after: { email, name, lang, roleId: owner.id, sites: 'all' },
      });
      return {
        kind: 'link',
        link: consoleUrl(env, invitationPath(token)),
        expiresAt: new Date(rows[0]!.expires_at),
        ...outcome,
      };
    }
    const { rows } = await tx.execute<{ id: number | string }>(sql`
      INSERT INTO staff (email, name, lang, password_hash) VALUES (${email}, ${name}, ${lang}, ${hash})
      ON CONFLICT (email) WHERE deleted_at IS NULL DO UPDATE SET password_hash = EXCLUDED.password_hash
      RETURNING id`);
    const staffId = Number(rows[0]!.id);
    await tx.execute(sql`
      INSERT INTO staff_memberships (staff_id, organisation_id, role_id, all_sites)
      VALUES (${staffId}, ${organisation.id}, ${owner.id}, true)
      ON CONFLICT (staff_id, organisation_id) DO UPDATE SET role_id = EXCLUDED.role_id, all_sites = true`);
    await tx.execute(
      sql`UPDATE staff_sessions SET ended_at = now() WHERE staff_id = ${staffId} AND ended_at IS NULL`,
    );
    await auditStaff(tx, {
      actor,
      organisationId: organisation.id,
      objectId: staffId,
      action: 'owner_created',
      after: { email, name, lang },
    });
    return { kind: 'password-set', staffId, ...outcome };
  });
}
