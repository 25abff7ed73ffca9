import type { FastifyInstance } from 'fastify';

/** The console's refunds (issue 29: refunds by ticket, approvals, manual refunds), under `/console/api/v1`; each route calls one domain function. */
export async function refundsConsoleRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
