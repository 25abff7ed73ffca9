import type { FastifyInstance } from 'fastify';
import { registerEmptyJsonDeleteParser } from '../../plugins/empty-json-body.ts';
import { allotmentsConsoleRoutes } from './allotments/routes.ts';
import { reportsConsoleRoutes } from './reports/routes.ts';
import { webhooksConsoleRoutes } from './webhooks/routes.ts';
import { apiTokensConsoleRoutes } from './api-tokens/routes.ts';
import { partnersConsoleRoutes } from './partners/routes.ts';
import { auditConsoleRoutes } from './audit/routes.ts';
import { boxOfficeConsoleRoutes } from './box-office/routes.ts';
import { catalogueConsoleRoutes } from './catalogue/routes.ts';
import { couponsConsoleRoutes } from './coupons/routes.ts';
import { registerConsoleSession } from './console-session.ts';
import { identityConsoleRoutes } from './identity/routes.ts';
import { movesConsoleRoutes } from './moves/routes.ts';
import { operationsConsoleRoutes } from './operations/routes.ts';
import { ordersConsoleRoutes } from './orders/routes.ts';
import { refundsConsoleRoutes } from './refunds/routes.ts';
import { scheduleConsoleRoutes } from './schedule/routes.ts';
import { settingsConsoleRoutes } from './settings/routes.ts';

/**
 * Every console API area, mounted under `/console/api/v1` (issue 27), behind one hook for the whole scope
 * (console-session.ts): the console origin, the session, its CSRF token and each route's declared access.
 */
export async function consoleRoutes(app: FastifyInstance): Promise<void> {
  registerConsoleSession(app);
  registerEmptyJsonDeleteParser(app);
  await app.register(identityConsoleRoutes);
  await app.register(auditConsoleRoutes);
  await app.register(operationsConsoleRoutes);
  await app.register(catalogueConsoleRoutes);
  await app.register(scheduleConsoleRoutes);
  await app.register(couponsConsoleRoutes);
  await app.register(settingsConsoleRoutes);
  await app.register(ordersConsoleRoutes);
  await app.register(refundsConsoleRoutes);
  await app.register(movesConsoleRoutes);
  await app.register(boxOfficeConsoleRoutes);
  await app.register(reportsConsoleRoutes);
  await app.register(webhooksConsoleRoutes);
  await app.register(apiTokensConsoleRoutes);
  await app.register(partnersConsoleRoutes);
  await app.register(allotmentsConsoleRoutes);
}
