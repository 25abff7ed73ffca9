import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, permits, type ErrorCode, type RouteName } from '@kippu/contract';
import { CONSOLE_CSRF_HEADER } from '@kippu/contract/console/identity-headers';
import type { StaffSession } from '../../domain/staff/staff-types.ts';
import {
  REAUTHENTICATION_WINDOW_MS,
  recentlyReauthenticated,
  resolveSession,
} from '../../domain/staff/sessions.ts';
import { consoleAccessOf, type ConsoleStaff } from './console-endpoint.ts';

export { CONSOLE_CSRF_HEADER };
/** `__Host-` on https: the browser then refuses it unless Secure, Path=/ and without Domain (ADR 064). */
export const SECURE_SESSION_COOKIE = '__Host-kippu_console';
export const PLAIN_SESSION_COOKIE = 'kippu_console';
const ABSOLUTE_SESSION_S = 12 * 60 * 60;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The routes a session may reach before its second factor is done: who am I, sign out, give the code; and
 * enrolling one only when the member has none yet (the role asks for it). A member who has a factor cannot
 * enrol another instead of giving it: the password alone would then pass.
 */
const BEFORE_SECOND_FACTOR: ReadonlySet<string> = new Set<RouteName>([
  'consoleSession',
  'consoleSignOut',
  'consoleSecondFactor',
]);
const BEFORE_ENROLMENT: ReadonlySet<string> = new Set<RouteName>([
  'consoleSession',
  'consoleSignOut',
  'consoleSecondFactor',
  'consoleStartTotp',
  'consoleConfirmTotp',
  // Enrolling asks for a fresh sign-in; once that has passed, the password again is the only way on.
  'consoleReauthenticate',
]);

declare module 'fastify' {
  interface FastifyRequest {
    /** The console session behind `consoleStaff` (its CSRF token, second factor, re-authentication). */
    consoleSession: StaffSession | null;
  }
}

/** The origin this request was made to, as a browser names it in `Origin`. */
export function requestOrigin(request: FastifyRequest): string {
  return normalisedOrigin(`${request.protocol}://${request.host}`) ?? '';
}

/** An origin as browsers write it (default port dropped, lower case), or null for anything else. */
function normalisedOrigin(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** Where console pages and writes must come from: CONSOLE_ORIGIN, else the server's own origin. */
export function consoleOrigin(request: FastifyRequest): string {
  return request.server.env.CONSOLE_ORIGIN ?? requestOrigin(request);
}

function usesHttps(request: FastifyRequest): boolean {
  const configured = request.server.env.CONSOLE_ORIGIN;
  return configured ? configured.startsWith('https:') : request.protocol === 'https';
}

function sessionCookieName(request: FastifyRequest): string {
  return usesHttps(request) ? SECURE_SESSION_COOKIE : PLAIN_SESSION_COOKIE;
}

/** The opaque session value the request carries, if any. */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[sessionCookieName(request)];
  return value && value.length <= 200 ? value : undefined;
}

/** Sets the session cookie: HttpOnly, SameSite=Strict, Path=/, Secure (and `__Host-`) on https. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  reply.setCookie(sessionCookieName(request), value, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: usesHttps(request),
    maxAge: ABSOLUTE_SESSION_S,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(request), {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: usesHttps(request),
  });
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function refuse(reply: FastifyReply, code: ErrorCode): FastifyReply {
  return reply
    .status(ERRORS[code].status)
    .header('cache-control', 'no-store')
    .send({ error: ERRORS[code].message });
}

/**
 * When CONSOLE_ORIGIN is set, the console answers only there: on any other origin its pages and API are
 * not found, so a visitor page (with its per-site scripts) never shares an origin with a staff session.
 */
export function registerConsoleOriginOnly(scope: FastifyInstance): void {
  scope.addHook('onRequest', async (request, reply) => {
    const only = request.server.env.CONSOLE_ORIGIN;
    if (only && !atConsoleHost(request, only)) return refuse(reply, 'not_found');
  });
}

/**
 * Whether the request was made to CONSOLE_ORIGIN's host. By host alone: behind a TLS proxy whose
 * X-Forwarded-Proto is not trusted the server sees http, and the scheme is the proxy's business.
 */
function atConsoleHost(request: FastifyRequest, consoleOrigin: string): boolean {
  const configured = new URL(consoleOrigin);
  try {
    return new URL(`${configured.protocol}//${request.host}`).host === configured.host;
  } catch {
    return false;
  }
}

/**
 * The console API's checks, in one hook for its scope (ADR 064), run before the body is read or validated:
 * a signed-out client learns nothing of a route but that it needs a session.
 * 1. a route without an access declaration is not found (fail closed; a test walks the route table too);
 * 2. a write must come from the console's origin (Origin), even a public one (sign-in, reset);
 * 3. the session cookie must name a live session (else 401), the second factor must be done where the
 *    role asks for it (else only the session's own routes answer), a write must echo the session's CSRF token;
 * 4. the role must reach the declared area and level (else 404: the route shows nothing to whom it is not for),
 *    and `reauthenticate` routes need the password given again within five minutes.
 */
export function registerConsoleSession(scope: FastifyInstance): void {
  scope.decorateRequest('consoleStaff', null as unknown as ConsoleStaff);
  scope.decorateRequest('consoleSession', null);
  registerConsoleOriginOnly(scope);
  scope.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const access = consoleAccessOf(request);
    if (access === undefined) return refuse(reply, 'not_found');
    const write = !SAFE_METHODS.has(request.method);
    if (write && normalisedOrigin(request.headers.origin) !== consoleOrigin(request)) {
      return refuse(reply, 'console_forbidden_origin');
    }
    if (access === 'public') return;

    const cookie = sessionCookieOf(request);
    const session = cookie ? await resolveSession(request.server.db, cookie) : null;
    if (!session) {
      if (cookie) clearSessionCookie(request, reply);
      return refuse(reply, 'console_sign_in_required');
    }
    request.consoleSession = session;
    request.consoleStaff = consoleStaffOf(session);
    const route = request.routeOptions.config.consoleRoute ?? '';
    const reachable =
      session.secondFactor === 'needed'
        ? BEFORE_SECOND_FACTOR
        : session.secondFactor === 'enrolment-needed'
          ? BEFORE_ENROLMENT
          : undefined;
    if (reachable && !reachable.has(route)) {
      return refuse(reply, 'console_second_factor_required');
    }
    if (write) {
      const header = request.headers[CONSOLE_CSRF_HEADER];
      if (typeof header !== 'string' || !sameToken(header, session.csrfToken)) {
        return refuse(reply, 'console_csrf');
      }
    }
    if (access === 'signed-in') return;
    if ('signedIn' in access) {
      if (!freshlyAuthenticated(session)) return refuse(reply, 'console_reauthentication_required');
      return;
    }
    if (!permits(session.permissions[access.area], access.level)) {
      return refuse(reply, 'record_not_found');
    }
    if (access.reauthenticate && !freshlyAuthenticated(session)) {
      return refuse(reply, 'console_reauthentication_required');
    }
  });
}

/**
 * Whether the password was given within the re-authentication window: again (POST /session/reauthenticate),
 * or at the sign-in that opened this session, which is as fresh a proof (a first TOTP enrolment right after
 * sign-in needs no second password prompt).
 */
export function freshlyAuthenticated(session: StaffSession, now = new Date()): boolean {
  return (
    recentlyReauthenticated(session, now) ||
    now.getTime() - session.createdAt.getTime() <= REAUTHENTICATION_WINDOW_MS
  );
}

/** The request's view of the session's staff member (what handlers and consoleSite read). */
function consoleStaffOf(session: StaffSession): ConsoleStaff {
  return {
    sessionId: session.sessionId,
    staffId: session.staffId,
    email: session.email,
    name: session.name,
    lang: session.lang,
    organisationId: session.organisationId,
    roleId: session.roleId,
    roleTemplate: session.roleTemplate,
    permissions: session.permissions,
    limits: session.limits,
    siteCodes: session.siteCodes,
  };
}
