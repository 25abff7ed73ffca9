import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ERRORS, TICKETS_SLUG } from '@kippu/contract';
import { LEAN_API_HEADERS } from './api-headers.ts';
import { isApiPath, withoutTicketsFolder } from './spa.ts';
import { newXsrfToken, XSRF_COOKIE, xsrfCookieOptions } from './xsrf.ts';
import type { Metrics } from '../observability/metrics.ts';
import { REQUEST_ID_HEADER, requestIdFor } from '../observability/request-id.ts';
import type { TrustProxy } from '../config/trust-proxy.ts';

/**
 * Fastify's own request class, for the three values a 404 depends on: the client's address (`ip`, logged),
 * `host` (logged) and `protocol` (the XSRF cookie's Secure flag), read exactly as Fastify reads them behind
 * the configured proxies (trustProxy), not a copy of its rules that could drift from them.
 */
const fastifyRequest = createRequire(import.meta.url)('fastify/lib/request.js') as {
  buildRequest(base: unknown, trustProxy: unknown): FastifyRequestClass;
} & FastifyRequestClass;
type FastifyRequestClass = new (
  id: string,
  params: unknown,
  raw: IncomingMessage,
  query: unknown,
  log: unknown,
  context: unknown,
) => { ip: string | undefined; host: string; protocol: string | undefined };

// A string, not a Buffer: Node then sends the head and the body in one write (a Buffer goes out as a second
// chunk through writev, which cost the 404 more than the rest of its work together; profiled, issue 31).
const BODY = JSON.stringify({ error: ERRORS.not_found.message });
const BODY_LENGTH = String(Buffer.byteLength(BODY));
const BODILESS = new Set(['GET', 'HEAD']);
/** Methods Fastify answers without reading a body when there is none (no type, no encoding, length 0 or none). */
const MAY_HAVE_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface FastNotFoundDeps {
  app: FastifyInstance;
  trustProxy: TrustProxy;
  /**
   * The page headers (security-headers.ts), in the order Fastify's hook sets them: for a 404 outside the API
   * (a POST to a page path). An API path's 404 is an API answer and gets the API's lean pair (ADR 098).
   */
  pageHeaders: ReadonlyArray<readonly [string, string]>;
  metrics: Metrics;
}

/**
 * The JSON 404 of a path no route serves, answered in Node's handler before Fastify's request cycle (ADR 098,
 * issue 31): a scanner's miss must not cost more than a stock read. "No route" is decided by Fastify's own
 * router (`findRoute`): the not-found handler's JSON case (an API path, or any method but GET), and the site
 * pages' wildcard `/:slug/*` on an API path (spa.ts). Anything else Fastify would answer differently (the
 * SPA page, a redirect, a refused URL, a body to parse, a closing server) goes on to Fastify (`next`).
 * The answer is what Fastify sends for it: the one error body, the security headers (the API's lean pair on an
 * API path, the page's elsewhere: security-headers.ts with spa.ts's isApiNotFound), X-Request-Id, the
 * XSRF cookie, Fastify's two request log lines (when info is logged) and the request metric; the test
 * (fast-not-found.integration.test.ts) compares the two byte for byte.
 */
export function createFastNotFound() {
  let deps: FastNotFoundDeps | undefined;
  let RequestOf: FastifyRequestClass | undefined;
  let requestIdOf: (req: IncomingMessage) => string = requestIdFor(false);
  let closing = false;
  const slugWildcards = new Set<string>();
  let wildcardIsPages = false;

  /** The route pattern of a JSON 404 Fastify would answer ('unmatched': its not-found handler), else undefined. */
  function notFoundRoute(app: FastifyInstance, method: string, url: string): string | undefined {
    const found = app.findRoute({ method: method as 'GET', url });
    if (found === null) return isApiPath(url) || method !== 'GET' ? 'unmatched' : undefined;
    // The site pages' wildcard (the only route whose parameters are exactly `slug` and `*`, checked at start).
    const params = found.params as Record<string, string | undefined>;
    if (!wildcardIsPages || !BODILESS.has(method) || Object.keys(params).length !== 2) return undefined;
    if (params.slug === undefined || params['*'] === undefined || params['*'] === TICKETS_SLUG)
      return undefined;
    return isApiPath(url) ? '/:slug/*' : undefined;
  }

  return {
    /**
     * Before any route and hook: notes every route whose parameters are exactly `slug` and `*` (the fast answer
     * reads such a match as the site pages' wildcard only while that is the one such route), and when closing.
     */
    register(app: FastifyInstance): void {
      // Fastify answers 503 from the moment it starts closing: from then on every request goes to it. The first
      // preClose hook (registered before any other), run in the same tick as Fastify's own closing flag.
      app.addHook('preClose', (done) => {
        closing = true;
        done();
      });
      app.addHook('onRoute', (route) => {
        const names = route.url
          .split('/')
          .filter((segment) => segment.startsWith(':') || segment === '*')
          .sort();
        if (names.length === 2 && names[0] === '*' && names[1] === ':slug') slugWildcards.add(route.url);
      });
    },

    /** Turns the fast answer on once every route is registered (buildApp's end). */
    enable(given: FastNotFoundDeps): void {
      deps = given;
      wildcardIsPages = slugWildcards.size === 1 && slugWildcards.has('/:slug/*');
      RequestOf = fastifyRequest.buildRequest(fastifyRequest, given.trustProxy);
      requestIdOf = requestIdFor(given.trustProxy);
    },

    /** Node's request handler step: answers a JSON 404 itself, or hands the request on (`next`). */
    handle(req: IncomingMessage, res: ServerResponse, next: () => void): void {
      const method = req.method ?? '';
      const url = req.url ?? '/';
      if (!deps || !RequestOf || closing) return next();
      if (!BODILESS.has(method)) {
        const h = req.headers;
        // Fastify's own test for "no body to parse" (handle-request.js): else it parses one, and may refuse it.
        const empty =
          h['content-type'] === undefined &&
          h['transfer-encoding'] === undefined &&
          (h['content-length'] === undefined || h['content-length'] === '0');
        if (!empty || !MAY_HAVE_BODY.has(method)) return next();
      }
      // A tickets sub-site's URL is rewritten before routing (spa.ts): left to Fastify.
      if (withoutTicketsFolder(url) !== url) return next();
      const route = notFoundRoute(deps.app, method, url);
      if (route === undefined) return next();
      answer(deps, RequestOf, requestIdOf(req), req, res, method, url, route);
    },
  };
}

function answer(
  deps: FastNotFoundDeps,
  RequestOf: FastifyRequestClass,
  id: string,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  url: string,
  route: string,
): void {
  const start = process.hrtime.bigint();
  const { app, metrics } = deps;
  const request = new RequestOf(id, {}, req, null, undefined, undefined);
  const routeOptions = route === 'unmatched' ? {} : { url: route, method };
  // Fastify's request lines are info: no child logger when they would not be written.
  const logs = app.log as Partial<{ isLevelEnabled(level: string): boolean }>;
  const log = logs.isLevelEnabled?.('info') === true ? app.log.child({ reqId: id }) : undefined;
  log?.info(
    {
      req: {
        method,
        url,
        host: request.host,
        ip: request.ip,
        socket: req.socket,
        routeOptions,
      },
    },
    'incoming request',
  );
  // The same rule as Fastify's (spa.ts isApiNotFound): every 404 answered here on an API path is the API's.
  // Names and values in Fastify's order, handed to writeHead at once (no per-header setHeader bookkeeping).
  const headers: string[] = [];
  for (const [name, value] of isApiPath(url) ? LEAN_API_HEADERS : deps.pageHeaders) headers.push(name, value);
  headers.push('content-type', 'application/json; charset=utf-8', REQUEST_ID_HEADER, id);
  const cookies = req.headers.cookie ? (app.parseCookie(req.headers.cookie) as Record<string, unknown>) : {};
  if (!cookies[XSRF_COOKIE]) {
    const token = app.serializeCookie(XSRF_COOKIE, newXsrfToken(), xsrfCookieOptions(request.protocol));
    headers.push('set-cookie', token);
  }
  headers.push('content-length', BODY_LENGTH);
  res.writeHead(404, headers);
  res.end(BODY);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  metrics.observeRequest(method, route, 404, seconds);
  log?.info({ res: { statusCode: 404 }, responseTime: seconds * 1000 }, 'request completed');
}

export type FastNotFound = ReturnType<typeof createFastNotFound>;
