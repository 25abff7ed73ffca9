import type { FastifyInstance } from 'fastify';

/** The console's reports (issue 30: settlement, sales, attendance, date changes, the invoice register; CSV and XLSX exports; scheduled reports), under `/console/api/v1`; each route calls one domain function. */
export async function reportsConsoleRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
