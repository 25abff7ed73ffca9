import { createHmac, hash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The client of a request as the hold caps count it (ADR 015): a keyed hash of `request.ip` (which
 * follows X-Forwarded-For only from TRUST_PROXY's proxies). Orders store this, never the address: the same
 * client gets the same key while APP_SECRET stays, and the key alone does not give the address back.
 *
 * SHA-256 of a secret salt and the address, in one call: at a sales opening every request of a flood of
 * new addresses needs one, and an HMAC object per request (a native object for the garbage collector to
 * finalise) cost about 13 µs of the server's time each (86 against 73 µs per refused order, A/B in one
 * server under a flood of new addresses). The salt is an HMAC of APP_SECRET, so the key
 * shares nothing with the secret's other uses. Not a MAC: nobody verifies it, it only has to be the
 * same for one address and reveal nothing without the secret.
 */
export function clientKeyOf(request: FastifyRequest): string {
  return hash('sha256', saltOf(request.server.env.APP_SECRET) + clientAddressOf(request), 'base64url').slice(
    0,
    22,
  );
}

function saltOf(appSecret: string): string {
  let salt = saltBySecret.get(appSecret);
  if (salt === undefined) {
    salt = createHmac('sha256', appSecret).update('kippu client key').digest('base64url');
    saltBySecret.set(appSecret, salt);
  }
  return salt;
}

const saltBySecret = new Map<string, string>();

/** The client a per-client rate limit counts (interfaces.md, issue 31): its address until visitor ids. */
export const rateLimitClientOf = (request: FastifyRequest): string => clientAddressOf(request);

/**
 * `request.ip`, worked out once per request: behind TRUST_PROXY Fastify parses X-Forwarded-For and
 * matches every hop against the trusted ranges on each read, and a hold reads it twice (rate limit, caps).
 */
export function clientAddressOf(request: FastifyRequest): string {
  let address = addressByRequest.get(request);
  if (address === undefined) addressByRequest.set(request, (address = request.ip));
  return address;
}

const addressByRequest = new WeakMap<FastifyRequest, string>();
