import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ERRORS } from '@kippu/contract';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A response a shared cache may keep and hand to other visitors. */
function isSharedCacheable(reply: FastifyReply): boolean {
  const cacheControl = String(reply.getHeader('cache-control') ?? '');
  return /\b(public|immutable)\b/i.test(cacheControl);
}

/** A new visitor's token; also set by the fast 404 in front of Fastify (fast-not-found.ts). */
export function newXsrfToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The cookie's attributes: readable by script, Secure when the request came over https. */
export function xsrfCookieOptions(protocol: string | undefined) {
  return { path: '/', sameSite: 'lax', httpOnly: false, secure: protocol === 'https' } as const;
}

/**
 * Double-submit cookie, first half (spec §7): a response to a visitor without the cookie sets XSRF-TOKEN
 * (readable by script on purpose). Never on a response marked public or immutable: a shared cache would
 * hand that one visitor's token to everyone (issue 7); any Set-Cookie on such a response is dropped.
 * Runs on send, after the route decided its caching, and for every route (pages, assets, API).
 */
export function registerXsrfCookie(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isSharedCacheable(reply)) {
      reply.removeHeader('set-cookie');
    } else if (!request.cookies?.[XSRF_COOKIE]) {
      // (no cookies parsed: the router refused the URL before any hook ran)
      reply.setCookie(XSRF_COOKIE, newXsrfToken(), xsrfCookieOptions(request.protocol));
    }
    return payload;
  });
}

/**
 * Double-submit cookie, second half: an unsafe request must echo the cookie in X-XSRF-TOKEN or gets 403.
 * Register it inside the API's plugin scope: the router decides what is an API route (after decoding the
 * path), so `/borderless/%61pi/v1/orders` is checked like `/borderless/api/v1/orders` (ADR 015).
 */
export function registerXsrfCheck(api: FastifyInstance): void {
  api.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      return reply.status(403).send({ error: ERRORS.invalid_xsrf_token.message });
    }
  });
}
