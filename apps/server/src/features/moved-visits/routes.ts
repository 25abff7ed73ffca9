import type { FastifyInstance } from 'fastify';
import {
  movedVisitChooseSlotEndpoint,
  movedVisitEndpoint,
  movedVisitRefundEndpoint,
} from '@kippu/contract/endpoints/moved-visits';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { MOVES_STOCK } from '../../plugins/read-your-writes.ts';
import {
  chooseMovedVisitSlot,
  movedVisit,
  refundMovedVisit,
} from '../../domain/visitor-moves/moved-visit.ts';
import { visitorMoveDeps } from '../../domain/visitor-moves/register-visitor-moves.ts';

/** A moved visit's self-service link (issue 29, ADR 079): no sign-in, the token opens the one visit. */
export async function movedVisitsRoutes(app: FastifyInstance): Promise<void> {
  const deps = visitorMoveDeps(app);

  registerEndpoint(app, movedVisitEndpoint, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return movedVisit(app.db, request.site, request.params.token, request.query.lang);
  });

  registerEndpoint(app, movedVisitChooseSlotEndpoint, MOVES_STOCK, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return chooseMovedVisitSlot(app.db, deps, request.site, request.params.token, request.body);
  });

  registerEndpoint(app, movedVisitRefundEndpoint, MOVES_STOCK, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return refundMovedVisit(app.db, deps, request.site, request.params.token, request.body);
  });
}
