import type { FastifyInstance } from 'fastify';
import { operationsEndpoints as endpoints } from '@kippu/contract/console/operations-endpoints';
import { readDashboard } from '../../../domain/dashboard/dashboard.ts';
import { consoleSite, registerConsoleEndpoint } from '../console-endpoint.ts';

/**
 * Today, live (reports area, read): one site, or `all` the membership covers. The console polls it every
 * DASHBOARD_POLL_MS (ADR 066), so nothing is held open across the compression and overload layers.
 */
export function dashboardRoutes(app: FastifyInstance): void {
  registerConsoleEndpoint(
    app,
    endpoints.consoleDashboard,
    { area: 'reports', level: 'read' },
    async (request, reply) => {
      const staff = request.consoleStaff;
      const { site } = request.query;
      const siteCodes =
        site === 'all' ? staff.siteCodes : [(await consoleSite(request, site, 'reports', 'read')).code];
      reply.header('cache-control', 'private, no-store');
      return readDashboard(app.db, { organisationId: staff.organisationId, siteCodes, lang: staff.lang });
    },
  );
}
