import type { FastifyInstance } from 'fastify';

/** The console's API tokens (issue 30: per organisation, scoped like roles, shown once, stored hashed, revocable), under `/console/api/v1`; each route calls one domain function. */
export async function apiTokensConsoleRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
