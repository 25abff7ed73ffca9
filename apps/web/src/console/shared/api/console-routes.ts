import { CONSOLE_ROUTE_LIST } from '@kippu/contract/console/console-routes';

type ConsoleRouteList = (typeof CONSOLE_ROUTE_LIST)[number];

/** The console's routes by name, from the contract's console list (`ROUTES` is the visitors' table only). */
export const CONSOLE_ROUTES = Object.fromEntries(CONSOLE_ROUTE_LIST.map((route) => [route.name, route])) as {
  readonly [N in ConsoleRouteList['name']]: Extract<ConsoleRouteList, { name: N }>;
};
