import type { FastifyInstance } from 'fastify';
import { visitorEndpoint } from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { visitorIdOf } from '../../plugins/visitor-id.ts';

/**
 * GET /visitor (ADR 094): the SPA's call on start. `no-store`, so the visitor-id hook sets the signed cookie
 * when the request had no valid one; the answer says whether it had.
 */
export async function visitorRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, visitorEndpoint, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { known: visitorIdOf(request) !== null };
  });
}
