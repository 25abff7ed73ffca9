import { z } from 'zod';

/**
 * What a console member may do (issue 27, console design): one level per area, scoped to the sites the
 * membership covers. Every console route declares the area and level it needs.
 */
export const PERMISSION_AREAS = [
  'catalogue',
  'schedule',
  'orders',
  'refunds',
  'checkIn',
  'reports',
  'settings',
  'staff',
  'integrations',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

/** Ordered: a level includes the ones before it. */
export const PERMISSION_LEVELS = ['none', 'read', 'write'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

export type Permissions = Readonly<Record<PermissionArea, PermissionLevel>>;

/** What a route needs: an area at least at a level. */
export interface RequiredPermission {
  readonly area: PermissionArea;
  readonly level: Exclude<PermissionLevel, 'none'>;
}

/** Whether `granted` reaches `needed` (write includes read). */
export function permits(granted: PermissionLevel, needed: PermissionLevel): boolean {
  return PERMISSION_LEVELS.indexOf(granted) >= PERMISSION_LEVELS.indexOf(needed);
}

/**
 * Limits a template puts on a level it grants: an administrator manages staff but not owners, the box
 * office refunds up to the organisation's amount, marketing writes the catalogue's coupons only.
 */
export interface RoleLimits {
  readonly staffNotOwners?: true;
  readonly refundsUpToOrganisationLimit?: true;
  readonly catalogueCouponsOnly?: true;
}

export const ROLE_TEMPLATE_KEYS = [
  'owner',
  'administrator',
  'planner',
  'boxOffice',
  'gate',
  'finance',
  'marketing',
] as const;
export type RoleTemplateKey = (typeof ROLE_TEMPLATE_KEYS)[number];

export interface RoleTemplate {
  readonly permissions: Permissions;
  readonly limits: RoleLimits;
  /** Members of this role must sign in with a second factor (owner and administrator by default). */
  readonly requireSecondFactor: boolean;
}

const levels = (
  catalogue: PermissionLevel,
  schedule: PermissionLevel,
  orders: PermissionLevel,
  refunds: PermissionLevel,
  checkIn: PermissionLevel,
  reports: PermissionLevel,
  settings: PermissionLevel,
  staff: PermissionLevel,
  integrations: PermissionLevel,
): Permissions => ({ catalogue, schedule, orders, refunds, checkIn, reports, settings, staff, integrations });

/** The role templates of issue 27; an owner can edit the organisation's copies and make custom roles. */
export const ROLE_TEMPLATES: Readonly<Record<RoleTemplateKey, RoleTemplate>> = {
  owner: {
    permissions: levels('write', 'write', 'write', 'write', 'write', 'write', 'write', 'write', 'write'),
    limits: {},
    requireSecondFactor: true,
  },
  administrator: {
    permissions: levels('write', 'write', 'write', 'write', 'write', 'write', 'write', 'write', 'read'),
    limits: { staffNotOwners: true },
    requireSecondFactor: true,
  },
  planner: {
    permissions: levels('write', 'write', 'read', 'none', 'read', 'read', 'read', 'none', 'none'),
    limits: {},
    requireSecondFactor: false,
  },
  boxOffice: {
    permissions: levels('read', 'read', 'write', 'write', 'write', 'none', 'none', 'none', 'none'),
    limits: { refundsUpToOrganisationLimit: true },
    requireSecondFactor: false,
  },
  gate: {
    permissions: levels('none', 'none', 'none', 'none', 'write', 'none', 'none', 'none', 'none'),
    limits: {},
    requireSecondFactor: false,
  },
  finance: {
    permissions: levels('read', 'read', 'read', 'write', 'none', 'write', 'none', 'none', 'none'),
    limits: {},
    requireSecondFactor: false,
  },
  marketing: {
    permissions: levels('write', 'read', 'none', 'none', 'none', 'read', 'none', 'none', 'none'),
    limits: { catalogueCouponsOnly: true },
    requireSecondFactor: false,
  },
};

export const permissionAreaSchema = z.enum(PERMISSION_AREAS);
export const permissionLevelSchema = z.enum(PERMISSION_LEVELS);
export const permissionsSchema = z.object(
  Object.fromEntries(PERMISSION_AREAS.map((area) => [area, permissionLevelSchema])) as Record<
    PermissionArea,
    typeof permissionLevelSchema
  >,
);
export const roleLimitsSchema = z.object({
  staffNotOwners: z.literal(true).optional(),
  refundsUpToOrganisationLimit: z.literal(true).optional(),
  catalogueCouponsOnly: z.literal(true).optional(),
});
