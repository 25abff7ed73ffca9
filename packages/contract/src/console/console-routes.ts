import { joinRoutes } from './console-route.ts';
import { allotmentsRoutes } from './allotments-routes.ts';
import { auditRoutes } from './audit-routes.ts';
import { reportsRoutes } from './reports-routes.ts';
import { webhooksRoutes } from './webhooks-routes.ts';
import { apiTokensRoutes } from './api-tokens-routes.ts';
import { partnersRoutes } from './partners-routes.ts';
import { boxOfficeRoutes } from './box-office-routes.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import { couponsRoutes } from './coupons-routes.ts';
import { identityRoutes } from './identity-routes.ts';
import { movesRoutes } from './moves-routes.ts';
import { operationsRoutes } from './operations-routes.ts';
import { ordersRoutes } from './orders-routes.ts';
import { refundsRoutes } from './refunds-routes.ts';
import { scheduleRoutes } from './schedule-routes.ts';
import { settingsRoutes } from './settings-routes.ts';

/** Every route of the console's API, by area; `all-routes.ts` joins them to the visitors' (`routes.ts`). */
export const CONSOLE_ROUTE_LIST = joinRoutes(
  identityRoutes,
  auditRoutes,
  operationsRoutes,
  catalogueRoutes,
  scheduleRoutes,
  couponsRoutes,
  settingsRoutes,
  ordersRoutes,
  refundsRoutes,
  movesRoutes,
  boxOfficeRoutes,
  reportsRoutes,
  webhooksRoutes,
  apiTokensRoutes,
  partnersRoutes,
  allotmentsRoutes,
);
