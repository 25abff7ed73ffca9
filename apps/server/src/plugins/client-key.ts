import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The client of a request as the hold caps count it (ADR 015): a keyed hash of `request.ip` (which
 * follows X-Forwarded-For only from TRUST_PROXY's proxies). Orders store this, never the address: the same
 * client gets the same key while APP_SECRET stays, and the key alone does not give the address back.
 */
export function clientKeyOf(request: FastifyRequest): string {
  const address = clientAddressOf(request);
  let keys = keysByApp.get(request.server);
  if (!keys) keysByApp.set(request.server, (keys = new Map()));
  let key = keys.get(address);
  if (key === undefined) {
    key = createHmac('sha256', request.server.env.APP_SECRET)
      .update(address)
      .digest('base64url')
      .slice(0, 22);
    // Bounded: a flood of addresses empties the memo rather than growing it.
    if (keys.size >= MAX_KEYS) keys.clear();
    keys.set(address, key);
  }
  return key;
}

/** Keys of recent addresses, per app (its APP_SECRET): a visitor's hold, retries and checkout pay for one HMAC. */
const keysByApp = new WeakMap<object, Map<string, string>>();
const MAX_KEYS = 10_000;

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
