import {
  PERMISSION_AREAS,
  permits,
  type PermissionArea,
  type Permissions,
  type RoleLimits,
} from '@kippu/contract';

/** Who makes a token: their role's permissions and limits and the sites their membership covers. */
export interface TokenCreator {
  staffId: number;
  organisationId: number;
  permissions: Permissions;
  limits: RoleLimits;
  siteCodes: readonly string[];
  allSites: boolean;
}

/**
 * Areas a limited role may hold at write only under its limit (an administrator's staff area never touches
 * owners, the box office refunds up to the organisation's amount, marketing writes coupons only): a token
 * carries no limits, so from such a creator it gets the area at read at most.
 */
const LIMITED_AREAS: Readonly<Record<keyof RoleLimits, PermissionArea>> = {
  staffNotOwners: 'staff',
  refundsUpToOrganisationLimit: 'refunds',
  catalogueCouponsOnly: 'catalogue',
};

/**
 * Why a requested scope exceeds the creator's own, or null when it lies within it (ADR 088): no area above
 * the creator's level (and a limited area at read at most), every site covered by the creator, and "every
 * site" only from a creator who covers every site.
 */
export function scopeBeyondCreator(
  creator: TokenCreator,
  requested: { permissions: Permissions; siteCodes: readonly string[] | null },
): string | null {
  for (const area of PERMISSION_AREAS) {
    const level = requested.permissions[area];
    if (!permits(creator.permissions[area], level)) return `${area} above your own level`;
  }
  for (const [limit, area] of Object.entries(LIMITED_AREAS) as [keyof RoleLimits, PermissionArea][]) {
    if (creator.limits[limit] && requested.permissions[area] === 'write') {
      return `${area} write is limited for your role`;
    }
  }
  if (requested.siteCodes === null) return creator.allSites ? null : 'every site is beyond your sites';
  const outside = requested.siteCodes.find((code) => !creator.siteCodes.includes(code));
  return outside === undefined ? null : `site ${outside} is not yours`;
}
