import type { FastifyInstance } from 'fastify';
import { movesEndpoints as endpoints } from '@kippu/contract/console/moves-endpoints';
import { AppError } from '../../../shared/app-error.ts';
import { createMove } from '../../../domain/visitor-moves/create-move.ts';
import { listMoves, readMove } from '../../../domain/visitor-moves/move-progress.ts';
import {
  consoleActor,
  consoleSite,
  registerConsoleEndpoint,
  type ConsoleStaff,
} from '../console-endpoint.ts';

/**
 * The console's moves (issue 29, ADR 079: moving every visitor of a closed slot or day), under
 * `/console/api/v1`; each route calls one domain function. Moving visitors changes the schedule and
 * orders: each route declares the schedule area and checks the orders area at the same level (404 without).
 * A run whose fallback is `refund` pays money out (review finding 6): it also needs refunds write without the
 * box office's limit (the run's refunds have no approval step), and creating a run always needs the password
 * again (ADR 079: a move closes slots and changes every visit on them; the declaration is per route).
 */
export async function movesConsoleRoutes(app: FastifyInstance): Promise<void> {
  registerConsoleEndpoint(
    app,
    endpoints.consoleMoves,
    { area: 'schedule', level: 'read' },
    async (request, reply) => {
      const site = await consoleSite(request, request.params.site, 'schedule', 'read');
      await consoleSite(request, site.code, 'orders', 'read');
      reply.header('cache-control', 'private, no-store');
      return listMoves(app.db, site.code);
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleCreateMove,
    { area: 'schedule', level: 'write', reauthenticate: true },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'schedule', 'write');
      await consoleSite(request, site.code, 'orders', 'write');
      if (request.body.fallback === 'refund') {
        await consoleSite(request, site.code, 'refunds', 'write');
        // A role that refunds only up to the organisation's limit cannot start refunds of any amount.
        const staff = request.consoleStaff as ConsoleStaff;
        if (staff.limits.refundsUpToOrganisationLimit) throw new AppError('record_not_found');
      }
      return createMove(app.db, consoleActor(request), site.code, request.body);
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleMove,
    { area: 'schedule', level: 'read' },
    async (request, reply) => {
      const site = await consoleSite(request, request.params.site, 'schedule', 'read');
      await consoleSite(request, site.code, 'orders', 'read');
      reply.header('cache-control', 'private, no-store');
      return readMove(app.db, site.code, request.params.moveId);
    },
  );
}
