import { withoutTicketsFolder } from './spa.ts';

/**
 * Whether a raw request URL may reach the API (`/{site}/api/...`), decided in Node's handler before Fastify
 * routes it. The router decodes the path (`/demo/%61pi/v1/...` is the API too, ADR 015), so any
 * percent-encoded URL counts: the overload guard must not be bypassed by encoding, and for the answer cache
 * a URL that turns out not to be the API only costs a lookup.
 */
export function mayReachApi(url: string | undefined): url is string {
  if (url === undefined) return false;
  // Only the path routes: a percent-encoded query (a gateway's return) says nothing about where it goes.
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  return path.includes('/api/') || path.includes('%');
}

/**
 * The path the router will match for a raw URL: without the query, decoded as the router decodes it, and
 * without a tickets sub-site's folder (rewritten before routing, ADR 024). Undefined when it does not decode
 * (the router refuses such a URL itself).
 */
export function routedPathOf(url: string): string | undefined {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return undefined;
    }
  }
  return withoutTicketsFolder(path);
}

/** A route's URL pattern (`/:slug/api/v1/ordermails/:id`) as a matcher of routed paths. */
export function routePatternMatcher(routeUrl: string): RegExp {
  const source = routeUrl
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) return '[^/]+';
      if (segment === '*') return '.*';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}
