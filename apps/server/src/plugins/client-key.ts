import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The client of a request as the hold caps count it (ADR 015): a keyed hash of `request.ip` (which
 * follows X-Forwarded-For only from TRUST_PROXY's proxies). Orders store this, never the address: the same
 * client gets the same key while APP_SECRET stays, and the key alone does not give the address back.
 */
export function clientKeyOf(request: FastifyRequest): string {
  return createHmac('sha256', request.server.env.APP_SECRET)
    .update(request.ip)
    .digest('base64url')
    .slice(0, 22);
}
