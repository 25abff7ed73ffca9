import type { FastifyInstance } from 'fastify';

/** The console's partners (issue 30: travel agencies selling on channel OTA: net prices, on-account payment, allotments), under `/console/api/v1`; each route calls one domain function. */
export async function partnersConsoleRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
