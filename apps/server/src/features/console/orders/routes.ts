import type { FastifyInstance } from 'fastify';

/** The console's orders (issue 29: search, an order's page and timeline, staff actions), under `/console/api/v1`; each route calls one domain function. */
export async function ordersConsoleRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
