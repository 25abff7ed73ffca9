/**
 * Every screen of the console by name: its hash pattern (`:name` is a parameter) and how to link to it
 * (style guide: paths in one file, no string-built URLs in components).
 */
export const SCREENS = {
  signIn: '/sign-in',
  secondFactor: '/second-factor',
  enrolSecondFactor: '/second-factor/enrol',
  invitation: '/invitation/:token',
  resetRequest: '/reset',
  reset: '/reset/:token',
  home: '/',
  dashboard: '/sites/:site/dashboard',
  /** Today across every site the membership covers. */
  organisationDashboard: '/dashboard',
  staff: '/staff',
  roles: '/roles',
  audit: '/audit',
  auditObject: '/audit/:objectType/:objectId',
  gateDevices: '/sites/:site/gate-devices',
  spotPosters: '/sites/:site/spot-posters',
  members: '/sites/:site/members',
  memberImport: '/sites/:site/members/import',
  visitorInvitations: '/sites/:site/invitations',
  products: '/sites/:site/products',
  product: '/sites/:site/products/:productId',
  schedule: '/sites/:site/schedule',
  slotGenerator: '/sites/:site/schedule/generate',
  coupons: '/sites/:site/coupons',
  coupon: '/sites/:site/coupons/:couponId',
  siteSettings: '/sites/:site/settings',
  orders: '/sites/:site/orders',
  order: '/sites/:site/orders/:orderId',
  refundApprovals: '/sites/:site/refund-approvals',
  visitorMoves: '/sites/:site/moves',
  visitorMove: '/sites/:site/moves/:moveId',
  boxOffice: '/sites/:site/box-office',
  reports: '/sites/:site/reports',
  report: '/sites/:site/reports/:report',
  allotments: '/sites/:site/allotments',
  webhooks: '/webhooks',
  webhook: '/webhooks/:webhookId',
  apiTokens: '/api-tokens',
  partners: '/partners',
  partner: '/partners/:partnerId',
  /** A new site, copied from one the membership covers. */
  newSite: '/new-site',
  account: '/account',
} as const;
export type ScreenName = keyof typeof SCREENS;

/** The screens anyone may open signed out. */
export const PUBLIC_SCREENS: readonly ScreenName[] = ['signIn', 'invitation', 'resetRequest', 'reset'];

export interface Match {
  screen: ScreenName;
  params: Record<string, string>;
}

/** The screen a hash names (`#/sites/OKINAWA/dashboard`), or null for a path no screen has. */
export function matchHash(hash: string): Match | null {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  const parts = path.split('/');
  for (const [screen, pattern] of Object.entries(SCREENS) as [ScreenName, string][]) {
    const expected = pattern.split('/');
    if (expected.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const same = expected.every((part, index) => {
      const actual = parts[index]!;
      if (part.startsWith(':')) {
        if (actual === '') return false;
        try {
          params[part.slice(1)] = decodeURIComponent(actual);
        } catch {
          return false;
        }
        return true;
      }
      return part === actual;
    });
    if (same) return { screen, params };
  }
  return null;
}

/** The hash of a screen: `hrefOf('dashboard', { site: 'OKINAWA' })` → `#/sites/OKINAWA/dashboard`. */
export function hrefOf(screen: ScreenName, params: Record<string, string> = {}): string {
  return `#${SCREENS[screen].replace(/:(\w+)/g, (_all, name: string) => encodeURIComponent(params[name] ?? ''))}`;
}

/** The query part of the hash (`#/audit?action=x`), for screens whose filters live in the address. */
export function hashQuery(hash: string): URLSearchParams {
  const index = hash.indexOf('?');
  return new URLSearchParams(index < 0 ? '' : hash.slice(index + 1));
}
