import type { FastifyInstance } from 'fastify';

/** The console's moves (issue 29: moving every visitor of a closed slot or day), under `/console/api/v1`; each route calls one domain function. */
export async function movesConsoleRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
