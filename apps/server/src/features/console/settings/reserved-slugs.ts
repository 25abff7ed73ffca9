import type { FastifyInstance } from 'fastify';
import { ALL_ROUTES, staticPrefix, TICKETS_SLUG } from '@kippu/contract';

declare module 'fastify' {
  interface FastifyInstance {
    /** The first path segment of every route registered at the root, whoever registered it. */
    firstPathSegments: ReadonlySet<string>;
  }
}

/**
 * Paths the server answers outside Fastify's router or only in some configurations, which no registered
 * route may show: the health and metrics answers (plugins/answers), the tickets sub-site, the console's
 * pages, the SPA's own folders, the simulator (off in production) and the dev pages.
 */
const ALWAYS_RESERVED = [
  TICKETS_SLUG,
  'console',
  'dev',
  'healthz',
  'readyz',
  'metrics',
  'openapi.json',
  'simulator',
  'payment-return',
  'payment-notify',
  'payment-webhooks',
  'payments',
  'site-images',
  'assets',
  'api',
  'static',
];

/** Watches every route as it is registered, at the root (call before any route, like collectConsoleRoutes). */
export function collectFirstPathSegments(app: FastifyInstance): void {
  const segments = new Set<string>();
  app.decorate('firstPathSegments', segments);
  app.addHook('onRoute', (route) => {
    const first = route.url.split('/')[1];
    if (first && !first.startsWith(':') && first !== '*') segments.add(first.toLowerCase());
  });
}

/**
 * Slugs a new site may not take (issue 28, ADR 071): the fixed list above, every root-mounted route of the
 * contract, and every first segment the running server registered (so a feature added later reserves its
 * path without a list to keep).
 */
export function reservedSlugs(app: FastifyInstance): Set<string> {
  const fromContract = Object.values(ALL_ROUTES)
    .filter((route) => route.mount !== 'api' && route.mount !== 'site')
    .map((route) => (route.mount === 'console' ? 'console' : (staticPrefix(route.path).split('/')[1] ?? '')))
    .filter((segment) => segment.length > 0);
  return new Set([...ALWAYS_RESERVED, ...fromContract, ...(app.firstPathSegments ?? [])]);
}
