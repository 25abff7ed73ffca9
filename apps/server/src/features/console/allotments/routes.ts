import type { FastifyInstance } from 'fastify';

/** The console's allotments (issue 30: capacity of a slot reserved for a partner, returned to general sale at the cut-off), under `/console/api/v1`; each route calls one domain function. */
export async function allotmentsConsoleRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
