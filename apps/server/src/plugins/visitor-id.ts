import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONSOLE_API_PATH, KIOSK_DEVICE_COOKIE, VISITOR_COOKIE } from '@kippu/contract';
import { PARTNER_API_PATH } from '@kippu/contract/partner/partner-routes';
import { verifyingSecrets } from '../config/app-secret.ts';

/**
 * The visitor id (issue 31, ADR 094): a random id the server signs and keeps in an HttpOnly cookie, so hold
 * caps and rate limits count a person, not the address they share (a hotel, the venue's Wi-Fi, a carrier's
 * NAT). The cookie is `<id>.<tag>`: 16 random bytes and an HMAC-SHA256 of them (first 16 bytes) under a key
 * derived from APP_SECRET, both base64url. A missing, altered or forged value counts as none: the request is
 * counted under its address (plugins/client-key.ts). Ids signed under APP_SECRET_PREVIOUS stay valid across a
 * rotation.
 *
 * Issued on send by every answer marked `no-store` to a request without a valid one (the SPA's
 * `GET /visitor` on start is one), never on an answer a shared cache may keep: a CDN would hand one
 * visitor's id to everyone. The cookie's name is the contract's VISITOR_COOKIE.
 */

/** A visitor id lives a month: long enough for a sales opening and its waiting room, short for tracking. */
const VISITOR_COOKIE_S = 30 * 24 * 3600;

const ID_BYTES = 16;
const TAG_BYTES = 16;
/** base64url lengths of the id and the tag: the cookie is exactly `<22>.<22>`. */
const ID_CHARS = 22;
const COOKIE_PATTERN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/;

function keyOf(appSecret: string): Buffer {
  let key = keyBySecret.get(appSecret);
  if (key === undefined) {
    // Derived, so the visitor id's key shares nothing with the secret's other uses (tickets, client keys).
    key = createHmac('sha256', appSecret).update('kippu visitor id').digest();
    keyBySecret.set(appSecret, key);
  }
  return key;
}

const keyBySecret = new Map<string, Buffer>();

function tagOf(key: Buffer, id: string): Buffer {
  return createHmac('sha256', key).update(id).digest().subarray(0, TAG_BYTES);
}

/** A fresh, signed cookie value under the current APP_SECRET. */
export function newVisitorCookie(appSecret: string): string {
  const id = randomBytes(ID_BYTES).toString('base64url');
  return `${id}.${tagOf(keyOf(appSecret), id).toString('base64url')}`;
}

/** The id of a cookie value whose tag one of `secrets` made, else null (any other value counts as none). */
export function verifiedVisitorId(value: string | undefined, secrets: readonly string[]): string | null {
  if (value === undefined || !COOKIE_PATTERN.test(value)) return null;
  const id = value.slice(0, ID_CHARS);
  const tag = Buffer.from(value.slice(ID_CHARS + 1), 'base64url');
  if (tag.length !== TAG_BYTES) return null;
  for (const secret of secrets) {
    if (timingSafeEqual(tag, tagOf(keyOf(secret), id))) return id;
  }
  return null;
}

/**
 * The request's verified visitor id, or null (no cookie, or one the server did not sign). Worked out once
 * per request: the rate limit, the hold caps and the waiting room each ask.
 */
export function visitorIdOf(request: FastifyRequest): string | null {
  let id = idByRequest.get(request);
  if (id === undefined) {
    // (no cookies parsed: the router refused the URL before any hook ran)
    const cookie = request.cookies?.[VISITOR_COOKIE];
    id = cookie === undefined ? null : verifiedVisitorId(cookie, verifyingSecrets(request.server.env));
    idByRequest.set(request, id);
  }
  return id;
}

const idByRequest = new WeakMap<FastifyRequest, string | null>();

/** Who is exempt, once the code that checked them said so (markExemptFromVisitorLimits). */
export type ExemptPrincipal = 'staff' | 'kiosk' | 'partner';

const exemptByRequest = new WeakMap<FastifyRequest, ExemptPrincipal>();

/**
 * Marks a request whose principal was verified as one that has its own limits: a staff session (the
 * console, its box office sells on `pos`), a paired kiosk device, a partner's API token (`OTA`).
 */
export function markExemptFromVisitorLimits(request: FastifyRequest, principal: ExemptPrincipal): void {
  exemptByRequest.set(request, principal);
}

/** The console's and the partner API's routes: staff sessions and partner tokens, never a visitor. */
const EXEMPT_ROUTE_PREFIXES = [`${CONSOLE_API_PATH}/`, `${PARTNER_API_PATH}/`];

/**
 * Whether the per-visitor limits (hold caps, the waiting room) leave this request alone: staff sessions,
 * box-office and kiosk devices and partner tokens have limits of their own (issue 31). True for
 * - a request marked by the code that verified its principal (markExemptFromVisitorLimits);
 * - any route of the console's or the partner API's scope (their own session or token checks run first;
 *   nothing in them is a visitor's call);
 * - a visitor API request from a kiosk tablet: its device cookie is present and, for an order, the body
 *   asks for the `kiosk` channel. The device is checked against the paired kiosks by the order itself
 *   (`kiosk not authorised`, domain/box-office/kiosk-orders.ts), so a forged cookie gets past a gate only
 *   into that refusal.
 * Synchronous and free of queries: it runs on every hold.
 */
export function isExemptFromVisitorLimits(request: FastifyRequest): boolean {
  if (exemptByRequest.has(request)) return true;
  const route = request.routeOptions?.url ?? '';
  if (EXEMPT_ROUTE_PREFIXES.some((prefix) => route.startsWith(prefix))) return true;
  if (request.cookies?.[KIOSK_DEVICE_COOKIE]) {
    const body = request.body as { channel?: unknown } | undefined | null;
    // A read (no body) from a kiosk is the kiosk's; an order is only when it asks for the kiosk channel.
    return body === undefined || body === null || body.channel === 'kiosk';
  }
  return false;
}

/** An answer no cache keeps (`no-store`): the only kind that may carry a visitor id. */
function isUnstorable(reply: FastifyReply): boolean {
  return /\bno-store\b/i.test(String(reply.getHeader('cache-control') ?? ''));
}

/**
 * Issues the visitor id on send (after the route decided its caching): every `no-store` answer to a request
 * without a valid id sets one; no other answer does (a page is `no-cache`, which a CDN may keep; the
 * availability reads are `public`).
 */
export function registerVisitorIdCookie(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isUnstorable(reply) || visitorIdOf(request) !== null || !request.cookies) return payload;
    reply.setCookie(VISITOR_COOKIE, newVisitorCookie(app.env.APP_SECRET), {
      path: '/',
      sameSite: 'lax',
      httpOnly: true,
      secure: request.protocol === 'https',
      maxAge: VISITOR_COOKIE_S,
    });
    return payload;
  });
}
