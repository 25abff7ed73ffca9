import { sql } from 'drizzle-orm';
import {
  PERMISSION_AREAS,
  ROLE_TEMPLATE_KEYS,
  ROLE_TEMPLATES,
  permissionsSchema,
  roleLimitsSchema,
  type Permissions,
  type RoleLimits,
  type RoleTemplateKey,
} from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { auditStaff, type AuditActor } from './staff-audit.ts';

/** The English names the template copies start with; the console shows a template's name in its language. */
export const ROLE_TEMPLATE_NAMES: Readonly<Record<RoleTemplateKey, string>> = {
  owner: 'Owner',
  administrator: 'Administrator',
  planner: 'Planner',
  boxOffice: 'Box office',
  gate: 'Gate',
  finance: 'Finance',
  marketing: 'Marketing',
};

/**
 * A role that can manage owners: staff write without the `staffNotOwners` limit, whatever the role is called
 * or whether it is the owner template's copy (a custom role with these is an owner all the same).
 */
export function isOwnerLike(role: { permissions: Permissions; limits: RoleLimits }): boolean {
  return role.permissions.staff === 'write' && role.limits.staffNotOwners !== true;
}

/** `isOwnerLike` in SQL, for a role aliased `r`. */
export const OWNER_LIKE_ROLE_SQL = sql`(r.permissions->>'staff' = 'write'
  AND (r.limits->>'staffNotOwners') IS DISTINCT FROM 'true')`;

/** Serialises changes to the organisation's members and roles: two owners demoting each other at once must
 * not leave the organisation without one. */
export async function lockMembers(tx: Tx, organisationId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`staff-members:${organisationId}`}))`);
}

/** How many members of the organisation hold an owner-like role. */
export async function ownersLeft(tx: Tx | Db, organisationId: number): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM staff_memberships m JOIN staff_roles r ON r.id = m.role_id
    JOIN staff st ON st.id = m.staff_id AND st.deleted_at IS NULL
    WHERE m.organisation_id = ${organisationId} AND ${OWNER_LIKE_ROLE_SQL}`);
  return rows[0]?.n ?? 0;
}

const LEVEL_RANK = { none: 0, read: 1, write: 2 } as const;

/**
 * Whether a member who is not owner-like may hand out `role`: no area above their own, not owner-like, and
 * every limit of theirs kept where the role writes the area it limits (an administrator cannot make a role
 * that refunds without the organisation's limit if they themselves have it).
 */
export function roleWithin(
  role: StaffRole,
  editor: { permissions: Permissions; limits: RoleLimits },
): boolean {
  if (isOwnerLike(role)) return false;
  if (
    PERMISSION_AREAS.some((area) => LEVEL_RANK[role.permissions[area]] > LEVEL_RANK[editor.permissions[area]])
  )
    return false;
  const refundsUnlimited = role.permissions.refunds === 'write' && !role.limits.refundsUpToOrganisationLimit;
  if (editor.limits.refundsUpToOrganisationLimit && refundsUnlimited) return false;
  const catalogueUnlimited = role.permissions.catalogue === 'write' && !role.limits.catalogueCouponsOnly;
  if (editor.limits.catalogueCouponsOnly && catalogueUnlimited) return false;
  return true;
}

export interface StaffRole {
  id: number;
  organisationId: number;
  templateKey: RoleTemplateKey | null;
  name: string;
  permissions: Permissions;
  limits: RoleLimits;
  requireSecondFactor: boolean;
}

/** Who edits roles: only an owner-like member (no `staffNotOwners` limit) may (issue 27). */
export interface RoleEditor {
  actor: AuditActor;
  limits: RoleLimits;
}

type RoleRow = {
  id: number | string;
  organisation_id: number | string;
  template_key: RoleTemplateKey | null;
  name: string;
  permissions: unknown;
  limits: unknown;
  require_second_factor: boolean;
};

const COLUMNS = sql.raw(
  'id, organisation_id, template_key, name, permissions, limits, require_second_factor',
);

/** Reads a stored role; an area added to the contract later reads as none until an owner grants it. */
export function roleOf(row: RoleRow): StaffRole {
  const stored = (row.permissions ?? {}) as Record<string, unknown>;
  const permissions = permissionsSchema.parse(
    Object.fromEntries(PERMISSION_AREAS.map((area) => [area, stored[area] ?? 'none'])),
  );
  return {
    id: Number(row.id),
    organisationId: Number(row.organisation_id),
    templateKey: row.template_key,
    name: row.name,
    permissions,
    limits: roleLimitsSchema.parse(row.limits ?? {}),
    requireSecondFactor: row.require_second_factor,
  };
}

/** Copies the role templates the organisation has no copy of yet (its own, editable by an owner). */
export async function copyRoleTemplates(tx: Tx | Db, organisationId: number): Promise<void> {
  for (const key of ROLE_TEMPLATE_KEYS) {
    const template = ROLE_TEMPLATES[key];
    await tx.execute(sql`
      INSERT INTO staff_roles (organisation_id, template_key, name, permissions, limits, require_second_factor)
      VALUES (${organisationId}, ${key}, ${ROLE_TEMPLATE_NAMES[key]}, ${JSON.stringify(template.permissions)}::jsonb,
        ${JSON.stringify(template.limits)}::jsonb, ${template.requireSecondFactor})
      ON CONFLICT DO NOTHING`);
  }
}

export async function listRoles(db: Db | Tx, organisationId: number): Promise<StaffRole[]> {
  const { rows } = await db.execute<RoleRow>(
    sql`SELECT ${COLUMNS} FROM staff_roles WHERE organisation_id = ${organisationId} ORDER BY id`,
  );
  return rows.map(roleOf);
}

/** One role of the organisation; another organisation's answers `record_not_found`. */
export async function findRole(db: Db | Tx, organisationId: number, roleId: number): Promise<StaffRole> {
  const { rows } = await db.execute<RoleRow>(
    sql`SELECT ${COLUMNS} FROM staff_roles WHERE id = ${roleId} AND organisation_id = ${organisationId}`,
  );
  if (!rows[0]) throw new AppError('record_not_found');
  return roleOf(rows[0]);
}

/** The organisation's copy of a template. */
export async function templateRole(
  db: Db | Tx,
  organisationId: number,
  key: RoleTemplateKey,
): Promise<StaffRole> {
  const { rows } = await db.execute<RoleRow>(
    sql`SELECT ${COLUMNS} FROM staff_roles WHERE organisation_id = ${organisationId} AND template_key = ${key}`,
  );
  if (!rows[0]) throw new AppError('record_not_found');
  return roleOf(rows[0]);
}

function assertRoleEditor(editor: RoleEditor): void {
  // An administrator manages staff but not owners, and roles decide what owners can do: owners only.
  if (editor.limits.staffNotOwners) throw new AppError('record_not_found');
}

export interface RoleInput {
  name: string;
  permissions: Permissions;
  limits: RoleLimits;
  requireSecondFactor: boolean;
}

async function nameTaken(tx: Tx, organisationId: number, name: string, exceptId?: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    SELECT 1 FROM staff_roles WHERE organisation_id = ${organisationId} AND name = ${name}
      AND id IS DISTINCT FROM ${exceptId ?? null}::bigint`);
  return rows.length > 0;
}

/** A custom role (no template), by an owner. */
export async function createRole(
  db: Db,
  input: RoleInput & { organisationId: number; editor: RoleEditor },
): Promise<StaffRole> {
  assertRoleEditor(input.editor);
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, input.organisationId, input.name)) throw new AppError('console_staff_exists');
    const { rows } = await tx.execute<RoleRow>(sql`
      INSERT INTO staff_roles (organisation_id, name, permissions, limits, require_second_factor)
      VALUES (${input.organisationId}, ${input.name}, ${JSON.stringify(input.permissions)}::jsonb,
        ${JSON.stringify(input.limits)}::jsonb, ${input.requireSecondFactor})
      RETURNING ${COLUMNS}`);
    const role = roleOf(rows[0]!);
    await auditStaff(tx, {
      actor: input.editor.actor,
      organisationId: input.organisationId,
      objectType: 'staff_role',
      objectId: role.id,
      action: 'role_created',
      after: role,
    });
    return role;
  });
}

/**
 * Changes a role (template copy or custom), by an owner. The owner template's permissions stay as they are:
 * an organisation never loses the role that can manage it.
 */
export async function updateRole(
  db: Db,
  input: Partial<RoleInput> & { organisationId: number; roleId: number; editor: RoleEditor },
): Promise<StaffRole> {
  assertRoleEditor(input.editor);
  return db.transaction(async (tx) => {
    await lockMembers(tx, input.organisationId);
    const { rows: locked } = await tx.execute<RoleRow>(sql`
      SELECT ${COLUMNS} FROM staff_roles WHERE id = ${input.roleId} AND organisation_id = ${input.organisationId}
      FOR UPDATE`);
    if (!locked[0]) throw new AppError('record_not_found');
    const before = roleOf(locked[0]);
    if (
      before.templateKey === 'owner' &&
      (input.permissions || input.limits || input.requireSecondFactor === false)
    ) {
      throw new AppError('invalid_request', 'the owner role keeps its permissions');
    }
    const after: StaffRole = {
      ...before,
      name: input.name ?? before.name,
      permissions: input.permissions ?? before.permissions,
      limits: input.limits ?? before.limits,
      requireSecondFactor: input.requireSecondFactor ?? before.requireSecondFactor,
    };
    if (after.name !== before.name && (await nameTaken(tx, input.organisationId, after.name, before.id))) {
      throw new AppError('console_staff_exists');
    }
    await tx.execute(sql`
      UPDATE staff_roles SET name = ${after.name}, permissions = ${JSON.stringify(after.permissions)}::jsonb,
        limits = ${JSON.stringify(after.limits)}::jsonb, require_second_factor = ${after.requireSecondFactor},
        updated_at = now()
      WHERE id = ${before.id}`);
    // A custom owner-like role may be what the organisation's owners hold: it must keep one.
    if (isOwnerLike(before) && !isOwnerLike(after) && (await ownersLeft(tx, input.organisationId)) === 0) {
      throw new AppError('invalid_request', 'an organisation keeps at least one owner');
    }
    await auditStaff(tx, {
      actor: input.editor.actor,
      organisationId: input.organisationId,
      objectType: 'staff_role',
      objectId: before.id,
      action: 'role_changed',
      before,
      after,
    });
    return after;
  });
}

/** Removes a custom role nobody holds and no open invitation names; template copies stay. */
export async function deleteRole(
  db: Db,
  input: { organisationId: number; roleId: number; editor: RoleEditor },
): Promise<void> {
  assertRoleEditor(input.editor);
  await db.transaction(async (tx) => {
    const role = await findRole(tx, input.organisationId, input.roleId);
    // The reason goes in `issues` (the error body's field problems) so the console can say which it is.
    if (role.templateKey !== null) {
      throw new AppError('invalid_request', 'template roles stay', {
        issues: [{ path: 'id', message: 'template roles stay' }],
      });
    }
    const { rows } = await tx.execute(sql`
      SELECT 1 FROM staff_memberships WHERE role_id = ${role.id}
      UNION ALL SELECT 1 FROM staff_invitations
        WHERE role_id = ${role.id} AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
      LIMIT 1`);
    if (rows.length > 0) {
      throw new AppError('invalid_request', 'the role is in use', {
        issues: [{ path: 'id', message: 'the role is in use' }],
      });
    }
    await tx.execute(sql`DELETE FROM staff_roles WHERE id = ${role.id}`);
    await auditStaff(tx, {
      actor: input.editor.actor,
      organisationId: input.organisationId,
      objectType: 'staff_role',
      objectId: role.id,
      action: 'role_deleted',
      before: role,
    });
  });
}
