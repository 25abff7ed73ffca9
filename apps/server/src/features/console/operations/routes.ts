import type { FastifyInstance } from 'fastify';
import { gateDeviceRoutes } from './gate-device-routes.ts';
import { spotPosterRoutes } from './spot-poster-routes.ts';
import { memberRoutes } from './member-routes.ts';
import { invitationRoutes } from './invitation-routes.ts';
import { dashboardRoutes } from './dashboard-routes.ts';

/** The console's operations routes (issue 27, ADR 066), under `/console/api/v1`. */
export async function operationsConsoleRoutes(app: FastifyInstance): Promise<void> {
  gateDeviceRoutes(app);
  spotPosterRoutes(app);
  memberRoutes(app);
  invitationRoutes(app);
  dashboardRoutes(app);
}
