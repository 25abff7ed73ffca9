import type { FastifyInstance } from 'fastify';

/**
 * The headers every API answer carries, and only these: no content sniffing, and no other origin may load it
 * as a resource. One list for the API's routes, the API's JSON 404s (security-headers.ts, spa.ts) and the
 * 404 answered in front of Fastify (fast-not-found.ts).
 */
export const LEAN_API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['x-content-type-options', 'nosniff'],
  ['cross-origin-resource-policy', 'same-origin'],
];

/**
 * The API answers JSON, never a page: helmet's dozen page headers (CSP, frame and referrer policies,
 * HSTS, ...) only cost bytes and CPU on the hottest path (issue 12's lean read path). A JSON answer keeps
 * the two headers that protect it: no content sniffing, and no other origin may load it as a resource.
 * Register first in the API's scope, before its routes.
 */
export function registerLeanApiHeaders(api: FastifyInstance): void {
  api.addHook('onRoute', (route) => {
    // helmet's own route option is read by its onRoute hook, which ran before this scope's: set what it
    // leaves behind for its request hooks instead.
    const skipHelmet = { helmet: { skipRoute: true } };
    route.config = { ...route.config, ...skipHelmet } as typeof route.config;
  });
  api.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of LEAN_API_HEADERS) reply.header(name, value);
    done();
  });
}
