import type { FastifyInstance } from 'fastify';

export interface RouteMethod {
  method: string;
  /** The route as registered, e.g. `/:slug/api/v1/orders/:id`. */
  url: string;
}

const LINE = /^(?<indent>[│ ]*)[├└]── (?<segment>.*?)(?: \((?<methods>[A-Z, ]+)\))?$/u;

/**
 * Every route and method the app routes, read from Fastify's own route tree (`printRoutes`), so a route
 * added tomorrow is in the list without anyone touching the fuzz suite. Each tree line is one radix
 * segment, indented four columns per level below its parent. HEAD mirrors GET and is left out.
 */
export function routesOf(app: FastifyInstance): RouteMethod[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const parents: string[] = [];
  const routes: RouteMethod[] = [];
  for (const line of tree.split('\n')) {
    const match = LINE.exec(line);
    if (!match?.groups) continue;
    const depth = match.groups.indent!.length / 4;
    const url = (parents[depth - 1] ?? '') + match.groups.segment;
    parents[depth] = url;
    parents.length = depth + 1;
    for (const method of (match.groups.methods ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

/** The names of a route's path parameters, in order (`/:slug/api/v1/orders/:id` → slug, id). */
export function pathParamsOf(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}
