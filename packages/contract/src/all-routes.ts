/**
 * Every route of the API, the visitors' (`routes.ts`) and the console's (`console/console-routes.ts`), by
 * name: for the server, `defineEndpoint` and tests. No web page imports it for the table (a visitor page
 * needs no console route, the console's first screen only its identity routes); `endpoint.ts` does, and the
 * table is built under a pure annotation so that bundles which only keep an endpoint's types drop it.
 */
import { CONSOLE_ROUTE_LIST } from './console/console-routes.ts';
import { PARTNER_ROUTE_LIST } from './partner/partner-routes.ts';
import { routesByName, type RoutesByName } from './route-paths.ts';
import { VISITOR_ROUTE_LIST } from './routes.ts';

type AnyRouteList =
  | (typeof VISITOR_ROUTE_LIST)[number]
  | (typeof CONSOLE_ROUTE_LIST)[number]
  | (typeof PARTNER_ROUTE_LIST)[number];
export type RouteName = AnyRouteList['name'];
export type Routes = RoutesByName<AnyRouteList>;

/** Every route by name, the visitors', the console's and the partner API's. */
export const ALL_ROUTES: Routes = /* @__PURE__ */ routesByName(
  VISITOR_ROUTE_LIST,
  CONSOLE_ROUTE_LIST,
  PARTNER_ROUTE_LIST,
);
