import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reservationTokenParamsSchema, ticketQuerySchema, ticketResponseSchema } from '@kippu/contract';
import { ticketPage } from '../../domain/tickets/ticket-page.ts';

/** The ticket page's data (ADR 018). */
export async function ticketsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/tickets/:id',
    {
      schema: {
        params: reservationTokenParamsSchema,
        querystring: ticketQuerySchema,
        response: { 200: ticketResponseSchema },
      },
    },
    async (request, reply) => {
      // The QR codes admit people: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return ticketPage(app.db, app.env, request.site, request.params.id, request.query.lang);
    },
  );
}
