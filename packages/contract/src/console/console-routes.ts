import { auditRoutes } from './audit-routes.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import { couponsRoutes } from './coupons-routes.ts';
import { identityRoutes } from './identity-routes.ts';
import { operationsRoutes } from './operations-routes.ts';
import { scheduleRoutes } from './schedule-routes.ts';
import { settingsRoutes } from './settings-routes.ts';

/** Every route of the console's API, by area; `routes.ts` lists them with the visitors' routes. */
export const CONSOLE_ROUTE_LIST = [
  ...identityRoutes,
  ...auditRoutes,
  ...operationsRoutes,
  ...catalogueRoutes,
  ...scheduleRoutes,
  ...couponsRoutes,
  ...settingsRoutes,
] as const;
