import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  sendTicketEndpoint,
  sharedTicketEndpoint,
  shareTicketsEndpoint,
  ticketShareOptionsEndpoint,
  viewTicketEndpoint,
} from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { sendTicketLink } from '../../domain/tickets/send-ticket-link.ts';
import { sharedTicketPage } from '../../domain/tickets/shared-ticket-page.ts';
import { shareOptions, splitTickets } from '../../domain/tickets/share-tickets.ts';
import { ticketViewPage } from '../../domain/tickets/ticket-view-page.ts';
import { perClientRateLimit } from '../../plugins/rate-limit.ts';
import { AppError } from '../../shared/app-error.ts';
import { randomToken } from '../../shared/random-token.ts';

/**
 * Sending mails to any address is worth abusing: per client (a script spamming from one address) and per
 * reservation (one ticket link mailed to many people). Enough for a family handing tickets round.
 */
const SEND_PER_CLIENT = { max: 5, timeWindow: '1 minute' };
const SEND_PER_RESERVATION = { max: 10, timeWindow: '1 hour' };

/** Share, shared, send and a sent link's view (ADR 021, 102): a holder's tickets handed to companions. */
export async function ticketShareRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, ticketShareOptionsEndpoint, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return shareOptions(app.db, request.site, request.params.id, request.query.lang);
  });

  registerEndpoint(app, shareTicketsEndpoint, async (request, reply) => {
    reply.code(201);
    return splitTickets(app.db, request.site, request.params.id, request.body);
  });

  registerEndpoint(app, sharedTicketEndpoint, async (request, reply) => {
    // The QR codes admit people: never kept by a shared cache.
    reply.header('cache-control', 'private, no-store');
    return sharedTicketPage(app.db, app.env, request.site, request.params.id, request.query.lang);
  });

  registerEndpoint(app, viewTicketEndpoint, async (request, reply) => {
    // A sent link's QR codes admit people too: never kept by a shared cache.
    reply.header('cache-control', 'private, no-store');
    return ticketViewPage(app.db, app.env, request.site, request.params.id, request.query.lang);
  });

  const perReservation = app.createRateLimit({
    ...SEND_PER_RESERVATION,
    keyGenerator: (request: FastifyRequest) => `ticket-send|${(request.params as { id: string }).id}`,
  });

  registerEndpoint(
    app,
    sendTicketEndpoint,
    {
      config: perClientRateLimit('ticket-send', SEND_PER_CLIENT),
      // After validation, so the key is a well-formed token.
      preHandler: async (request, reply) => {
        const budget = await perReservation(request);
        if (!budget.isAllowed && budget.isExceeded) {
          reply.header('retry-after', budget.ttlInSeconds);
          throw new AppError('too_many_requests');
        }
      },
    },
    async (request, reply) => {
      reply.code(202);
      // The view-only link this send mails (ADR 102) is a secret of this request's log too.
      const viewToken = randomToken();
      app.logRedaction.rememberSecret(request, viewToken);
      return sendTicketLink(app.db, app.env, request.site, request.params.id, { ...request.body, viewToken });
    },
  );
}
