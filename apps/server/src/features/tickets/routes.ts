import type { FastifyInstance } from 'fastify';
import { ticketEndpoint } from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { ticketPage } from '../../domain/tickets/ticket-page.ts';

/** The ticket page's data (ADR 018). */
export async function ticketsRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, ticketEndpoint, async (request, reply) => {
    // The QR codes admit people: never kept by a shared cache.
    reply.header('cache-control', 'private, no-store');
    return ticketPage(app.db, app.env, request.site, request.params.id, request.query.lang);
  });
}
