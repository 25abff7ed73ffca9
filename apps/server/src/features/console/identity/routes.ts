import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account-routes.ts';
import { linkRoutes } from './link-routes.ts';
import { roleRoutes } from './role-routes.ts';
import { sessionRoutes } from './session-routes.ts';
import { staffRoutes } from './staff-routes.ts';

/** The console's identity routes (issue 27), under `/console/api/v1`. */
export async function identityConsoleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(sessionRoutes);
  await app.register(accountRoutes);
  await app.register(staffRoutes);
  await app.register(roleRoutes);
  await app.register(linkRoutes);
}
