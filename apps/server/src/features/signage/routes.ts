import type { FastifyInstance } from 'fastify';
import { signageTodayEndpoint } from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { signageEtag, todayAvailability } from '../../domain/signage/today-availability.ts';

/**
 * The entrance screen's data (ADR 032): polled every 2 s with If-None-Match; an unchanged answer is a
 * bodiless 304. Nothing is cached on the way without asking (`no-cache`).
 */
export async function signageRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, signageTodayEndpoint, async (request, reply) => {
    const body = await todayAvailability(app.db, request.site);
    const etag = signageEtag(body);
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
    return body;
  });
}
