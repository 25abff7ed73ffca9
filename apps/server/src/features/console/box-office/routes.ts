import type { FastifyInstance } from 'fastify';

/** The console's box office and kiosk devices (issue 29: selling at the counter), under `/console/api/v1`; each route calls one domain function. */
export async function boxOfficeConsoleRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
