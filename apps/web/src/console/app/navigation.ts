import type { ConsoleSite } from '@kippu/contract/console/identity-schemas';
import { permits, type PermissionArea, type Permissions } from '@kippu/contract/console/permissions';
import type { ScreenName } from '../shared/routing/console-paths.ts';

export interface NavItem {
  screen: ScreenName;
  /** The text key of its link. */
  label: string;
  /** What the staff member needs to see it (the API checks the same on every call). */
  area: PermissionArea;
  level: 'read' | 'write';
  /** Under `/sites/:site/...`: for the site chosen in the picker. */
  perSite: boolean;
  /**
   * What the chosen site must have for the link to show (the session's facts of it, ADR 128): a screen that
   * could never fill there is left out of the menu. Its address still opens and says why it is empty.
   */
  siteHas?: (site: ConsoleSite) => boolean;
}

/**
 * The console's screens in the order of the menu. A link shows only when the role reaches its level, so a
 * gate member sees the check-in screens of their site and nothing else. Hiding is convenience: the API
 * answers 404 for what the role does not cover, whatever the menu shows.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { screen: 'dashboard', label: 'nav_dashboard', area: 'reports', level: 'read', perSite: true },
  { screen: 'gateDevices', label: 'nav_gate_devices', area: 'checkIn', level: 'read', perSite: true },
  { screen: 'spotPosters', label: 'nav_spot_posters', area: 'catalogue', level: 'read', perSite: true },
  {
    screen: 'visitorInvitations',
    label: 'nav_visitor_invitations',
    area: 'orders',
    level: 'read',
    perSite: true,
  },
  { screen: 'orders', label: 'nav_orders', area: 'orders', level: 'read', perSite: true },
  { screen: 'boxOffice', label: 'nav_box_office', area: 'orders', level: 'write', perSite: true },
  {
    screen: 'refundApprovals',
    label: 'nav_refund_approvals',
    area: 'refunds',
    level: 'write',
    perSite: true,
  },
  { screen: 'visitorMoves', label: 'nav_visitor_moves', area: 'schedule', level: 'write', perSite: true },
  { screen: 'reports', label: 'nav_reports', area: 'reports', level: 'read', perSite: true },
  { screen: 'allotments', label: 'nav_allotments', area: 'integrations', level: 'read', perSite: true },
  { screen: 'products', label: 'nav_products', area: 'catalogue', level: 'read', perSite: true },
  { screen: 'schedule', label: 'nav_schedule', area: 'schedule', level: 'read', perSite: true },
  { screen: 'coupons', label: 'nav_coupons', area: 'catalogue', level: 'read', perSite: true },
  { screen: 'siteSettings', label: 'nav_site_settings', area: 'settings', level: 'read', perSite: true },
  {
    screen: 'members',
    label: 'nav_members',
    area: 'settings',
    level: 'read',
    perSite: true,
    // Also after membership login was switched off, while members are kept: they can still be erased.
    siteHas: (site) => site.membershipLogin || site.hasMembers,
  },
  {
    screen: 'memberImport',
    label: 'nav_member_import',
    area: 'settings',
    level: 'write',
    perSite: true,
    // The import refuses a site without membership login.
    siteHas: (site) => site.membershipLogin,
  },
  { screen: 'staff', label: 'nav_staff', area: 'staff', level: 'read', perSite: false },
  { screen: 'roles', label: 'nav_roles', area: 'staff', level: 'read', perSite: false },
  { screen: 'audit', label: 'nav_audit', area: 'staff', level: 'read', perSite: false },
  { screen: 'webhooks', label: 'nav_webhooks', area: 'integrations', level: 'read', perSite: false },
  { screen: 'apiTokens', label: 'nav_api_tokens', area: 'integrations', level: 'read', perSite: false },
  { screen: 'partners', label: 'nav_partners', area: 'integrations', level: 'read', perSite: false },
];

/** Screens that belong to a menu item without being its link: they need what it needs. */
export const SAME_ITEM: Partial<Record<ScreenName, ScreenName>> = {
  auditObject: 'audit',
  organisationDashboard: 'dashboard',
  product: 'products',
  slotGenerator: 'schedule',
  coupon: 'coupons',
  newSite: 'siteSettings',
  order: 'orders',
  visitorMove: 'visitorMoves',
  report: 'reports',
  webhook: 'webhooks',
  partner: 'partners',
};

export function allowedItems(permissions: Permissions | undefined): NavItem[] {
  if (!permissions) return [];
  return NAV_ITEMS.filter((item) => permits(permissions[item.area], item.level));
}

/**
 * Whether an allowed item's link shows for the chosen site: a per-site item needs a site, and what the site
 * must have (`siteHas`). Other items show whatever site is chosen.
 */
export function showsFor(item: NavItem, site: ConsoleSite | undefined): boolean {
  if (!item.perSite) return true;
  return site !== undefined && (item.siteHas?.(site) ?? true);
}

/** Whether a screen may be shown: the account screen always, a listed one when its item is allowed. */
export function screenAllowed(screen: ScreenName, permissions: Permissions | undefined): boolean {
  if (screen === 'account' || screen === 'home') return true;
  const item = NAV_ITEMS.find((each) => each.screen === (SAME_ITEM[screen] ?? screen));
  return item !== undefined && allowedItems(permissions).includes(item);
}
