import { auditRoutes } from './audit-routes.ts';
import { identityRoutes } from './identity-routes.ts';
import { operationsRoutes } from './operations-routes.ts';

/** Every route of the console's API, by area; `routes.ts` lists them with the visitors' routes. */
export const CONSOLE_ROUTE_LIST = [...identityRoutes, ...auditRoutes, ...operationsRoutes] as const;
