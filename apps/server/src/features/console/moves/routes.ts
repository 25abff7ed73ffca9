import type { FastifyInstance } from 'fastify';
import { movesEndpoints as endpoints } from '@kippu/contract/console/moves-endpoints';
import { createMove } from '../../../domain/visitor-moves/create-move.ts';
import { listMoves, readMove } from '../../../domain/visitor-moves/move-progress.ts';
import { consoleActor, consoleSite, registerConsoleEndpoint } from '../console-endpoint.ts';

/**
 * The console's moves (issue 29, ADR 079: moving every visitor of a closed slot or day), under
 * `/console/api/v1`; each route calls one domain function. Moving visitors changes the schedule and
 * orders: each route declares the schedule area and checks the orders area at the same level (404 without).
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
    { area: 'schedule', level: 'write' },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'schedule', 'write');
      await consoleSite(request, site.code, 'orders', 'write');
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
