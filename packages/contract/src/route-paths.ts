/**
 * What a route is and how its path is filled, without any route: the route tables (`routes.ts` for the
 * visitors, `console/console-routes.ts` for the console, `all-routes.ts` for both) import these, and a
 * module that only needs a mount's prefix or `fillPath` imports them from here, so it ships no table.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where the `api` mount lives below a site's path (`/{site}/api/v1`). */
export const API_PATH = '/api/v1';
/** Where the console's API lives: at the root, outside every site. */
export const CONSOLE_API_PATH = '/console/api/v1';
export type RouteMount = 'api' | 'site' | 'root' | 'console';

export interface Route {
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly mount: RouteMount;
  /**
   * A POST or PATCH the server runs at most once however often it is sent (GET, PUT and DELETE are by
   * HTTP's rules): the web tries it again after a `503 temporarily unavailable` (ADR 046).
   */
  readonly idempotent?: boolean;
}

/** A list of routes as a record by name, each keeping its own literal type. */
export type RoutesByName<L extends Route> = { readonly [N in L['name']]: Extract<L, { name: N }> };

/**
 * Lists of routes as one record by name. It has no effect but its answer: a module-level table built with
 * it under a `@__PURE__` annotation is dropped from every bundle that never reads it.
 */
/* @__NO_SIDE_EFFECTS__ */
export function routesByName<const L extends readonly (readonly Route[])[]>(
  ...lists: L
): RoutesByName<L[number][number]> {
  const byName = Object.fromEntries(lists.flat().map((route) => [route.name, route]));
  return byName as unknown as RoutesByName<L[number][number]>;
}

/** The names of a path's parameters: `'/timechanges/:reservationToken/:timechangeToken'` → the two. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path with each `:name` replaced by its value, percent-encoded (a token may hold any character). */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The path up to its first parameter: `'/payment-return/stripe/:paymentNumber'` → `'/payment-return/stripe'`. */
export function staticPrefix(path: string): string {
  return path.split('/:')[0]!;
}
