import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { LEAN_API_HEADERS } from './api-headers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `{ skipRoute: true }`: the route sets its own headers (the API's lean ones, plugins/api-headers.ts). */
    helmet?: { skipRoute?: boolean };
  }
}

/**
 * The headers helmet sets for `options`, worked out once. helmet's headers depend only on its options when
 * no directive is a function (none of ours is), so running its middleware once against a recording response
 * gives exactly what it would set on every response. (It also removes X-Powered-By, which neither Node nor
 * Fastify sets.)
 */
export function helmetHeadersOf(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/**
 * helmet's page headers (CSP, HSTS, frame and referrer policies, ...) on every response whose route does not
 * skip them, as @fastify/helmet set them, but computed once at start: @fastify/helmet builds the whole helmet
 * middleware again for each request (parsing the CSP directives every time), which was a fifth of the CPU of
 * a request answered by the framework alone (the JSON 404 a path-scanning bot gets, ADR 098). Same headers,
 * set on the raw response in the same place (onRequest), so a route may still replace one (the site page
 * widens the CSP, spa.ts).
 * A request `isApiAnswer` names (the API's JSON 404 outside the API's scope, spa.ts) is an API answer: it gets
 * the API's lean pair instead, like every API answer (ADR 098), decided here so no page header is set to be
 * taken off again.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
  isApiAnswer: (request: FastifyRequest) => boolean = () => false,
): void {
  const headers = helmetHeadersOf(options);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.helmet?.skipRoute !== true) {
      const raw = reply.raw;
      for (const [name, value] of isApiAnswer(request) ? LEAN_API_HEADERS : headers)
        raw.setHeader(name, value);
    }
    done();
  });
}

/** helmet's options for pages (and for every answer but the API's lean ones, API 404s included): a non-API 404 in front of Fastify sends them too. */
export const PAGE_SECURITY_HEADERS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // 'wasm-unsafe-eval': where a browser has no BarcodeDetector, the gate scanner compiles ZXing's wasm (ADR 030).
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
};
