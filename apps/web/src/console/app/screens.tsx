import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { FeatureScreenProps } from '../shared/ui/feature-screen.tsx';
import type { ScreenName } from '../shared/routing/console-paths.ts';

/** What the shell hands every signed-in screen. */
export type ScreenProps = FeatureScreenProps;

/** A lazy screen and a way to start its chunk before it renders (next to the lazy shell: console-app.tsx). */
type Screen = LazyExoticComponent<ComponentType<ScreenProps>> & { preload: () => Promise<unknown> };
const screen = (load: () => Promise<ComponentType<never>>): Screen =>
  Object.assign(
    lazy(async () => ({ default: (await load()) as unknown as ComponentType<ScreenProps> })),
    { preload: load },
  );

/** The signed-in screens, each its own chunk: a gate member never downloads the staff screens. */
export const SIGNED_IN_SCREENS: Partial<Record<ScreenName, Screen>> = {
  account: screen(async () => (await import('../features/account/account-screen.tsx')).AccountScreen),
  dashboard: screen(async () => (await import('../features/dashboard/dashboard-screen.tsx')).DashboardScreen),
  organisationDashboard: screen(
    async () => (await import('../features/dashboard/dashboard-screen.tsx')).DashboardScreen,
  ),
  gateDevices: screen(
    async () => (await import('../features/gate-devices/gate-devices-screen.tsx')).GateDevicesScreen,
  ),
  spotPosters: screen(
    async () => (await import('../features/spot-posters/spot-posters-screen.tsx')).SpotPostersScreen,
  ),
  members: screen(async () => (await import('../features/members/members-screen.tsx')).MembersScreen),
  memberImport: screen(
    async () => (await import('../features/member-import/member-import-screen.tsx')).MemberImportScreen,
  ),
  visitorInvitations: screen(
    async () =>
      (await import('../features/visitor-invitations/visitor-invitations-screen.tsx'))
        .VisitorInvitationsScreen,
  ),
  products: screen(async () => (await import('../features/products/products-screen.tsx')).ProductsScreen),
  product: screen(async () => (await import('../features/products/product-screen.tsx')).ProductScreen),
  schedule: screen(async () => (await import('../features/schedule/schedule-screen.tsx')).ScheduleScreen),
  slotGenerator: screen(
    async () => (await import('../features/schedule/slot-generator-screen.tsx')).SlotGeneratorScreen,
  ),
  coupons: screen(async () => (await import('../features/coupons/coupons-screen.tsx')).CouponsScreen),
  coupon: screen(async () => (await import('../features/coupons/coupon-screen.tsx')).CouponScreen),
  siteSettings: screen(
    async () => (await import('../features/site-settings/site-settings-screen.tsx')).SiteSettingsScreen,
  ),
  newSite: screen(async () => (await import('../features/site-settings/new-site-screen.tsx')).NewSiteScreen),
  orders: screen(async () => (await import('../features/orders/orders-screen.tsx')).OrdersScreen),
  order: screen(async () => (await import('../features/orders/order-screen.tsx')).OrderScreen),
  refundApprovals: screen(
    async () =>
      (await import('../features/refund-approvals/refund-approvals-screen.tsx')).RefundApprovalsScreen,
  ),
  reports: screen(async () => (await import('../features/reports/reports-screen.tsx')).ReportsScreen),
  report: screen(async () => (await import('../features/reports/report-screen.tsx')).ReportScreen),
  allotments: screen(
    async () => (await import('../features/allotments/allotments-screen.tsx')).AllotmentsScreen,
  ),
  webhooks: screen(async () => (await import('../features/webhooks/webhooks-screen.tsx')).WebhooksScreen),
  webhook: screen(async () => (await import('../features/webhooks/webhook-screen.tsx')).WebhookScreen),
  apiTokens: screen(
    async () => (await import('../features/api-tokens/api-tokens-screen.tsx')).ApiTokensScreen,
  ),
  partners: screen(async () => (await import('../features/partners/partners-screen.tsx')).PartnersScreen),
  partner: screen(async () => (await import('../features/partners/partner-screen.tsx')).PartnerScreen),
  visitorMoves: screen(
    async () => (await import('../features/visitor-moves/visitor-moves-screen.tsx')).VisitorMovesScreen,
  ),
  visitorMove: screen(
    async () => (await import('../features/visitor-moves/visitor-move-screen.tsx')).VisitorMoveScreen,
  ),
  boxOffice: screen(
    async () => (await import('../features/box-office/box-office-screen.tsx')).BoxOfficeScreen,
  ),
  staff: screen(async () => (await import('../features/staff/staff-screen.tsx')).StaffScreen),
  roles: screen(async () => (await import('../features/roles/roles-screen.tsx')).RolesScreen),
  audit: screen(async () => (await import('../features/audit/audit-screen.tsx')).AuditScreen),
  auditObject: screen(async () => (await import('../features/audit/audit-screen.tsx')).AuditObjectScreen),
};
