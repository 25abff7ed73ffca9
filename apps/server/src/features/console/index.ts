import type { FastifyInstance } from 'fastify';
import { auditConsoleRoutes } from './audit/routes.ts';
import { identityConsoleRoutes } from './identity/routes.ts';
import { operationsConsoleRoutes } from './operations/routes.ts';

/** Every console API area, mounted under `/console/api/v1` (issue 27). */
export async function consoleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(identityConsoleRoutes);
  await app.register(auditConsoleRoutes);
  await app.register(operationsConsoleRoutes);
}
