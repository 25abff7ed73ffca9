import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { rateLimitAddressOf } from './client-key.ts';
import { visitorIdOf } from './visitor-id.ts';

/**
 * An address's ceiling over the per-client rate limits (ADR 094). perClientRateLimit counts a visitor by its
 * visitor id (rateLimitClientOf), so 50 guests of one hotel each get a budget; without a ceiling, a script
 * minting a fresh id per call would get one per call. Every route with a per-client limit therefore gets a
 * second counter, per address, at ADDRESS_RATE_CEILING times the client's budget in the same window, in the
 * same store (so shared by every process like the first), for the calls that carry a visitor id (cookieless
 * calls already count under the address, with one budget). A client's own budget still refuses its 31st
 * hold of the minute; the address's refuses the 301st of all its visitors together.
 */
export const ADDRESS_RATE_CEILING = 10;

interface RouteRateLimit {
  max?: unknown;
  timeWindow?: unknown;
}

/** Register after @fastify/rate-limit and before the routes: it reads each route's limit as it is added. */
export function registerAddressRateCeilings(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const limit = (route.config as { rateLimit?: RouteRateLimit } | undefined)?.rateLimit;
    if (!limit || typeof limit.max !== 'number') return;
    const name = `address|${route.method.toString()}|${route.url}`;
    // createRateLimit, not rateLimit: the library runs one of its request hooks per request (the client's).
    const count = app.createRateLimit({
      max: limit.max * ADDRESS_RATE_CEILING,
      timeWindow: limit.timeWindow as string | number,
      keyGenerator: (request) => `${name}|${rateLimitAddressOf(request)}`,
    });
    const ceiling: onRequestHookHandler = async (request, reply) => {
      // A call without a visitor id is counted under its address by the client's own limit already: no
      // second count (a store round trip on the hot path) for it.
      if (visitorIdOf(request) === null) return;
      const counted = await count(request);
      if (counted.isAllowed || !counted.isExceeded) return;
      reply.header('retry-after', String(counted.ttlInSeconds));
      // Answered as the client's own limit is: 429 and the one error body (plugins/error-handler.ts).
      throw Object.assign(new Error('address rate ceiling'), { statusCode: 429 });
    };
    const hooks = route.onRequest;
    route.onRequest = [...(Array.isArray(hooks) ? hooks : hooks ? [hooks] : []), ceiling];
  });
}
