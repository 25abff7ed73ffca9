import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENDPOINTS } from '@kippu/contract';
import type { AuditScope } from '../../../domain/audit/audit-scope.ts';
import { listAuditEvents } from '../../../domain/audit/list-audit-events.ts';
import { objectHistory } from '../../../domain/audit/object-history.ts';
import { AppError } from '../../../shared/app-error.ts';
import { consoleSite, registerConsoleEndpoint } from '../console-endpoint.ts';

const scopeOf = (request: FastifyRequest): AuditScope => ({
  organisationId: request.consoleStaff.organisationId,
  siteCodes: request.consoleStaff.siteCodes,
});

/**
 * The organisation's audit log (issue 27, ADR 065), under `/console/api/v1`. It tells who did what to whom,
 * from where: staff read (owners and administrators by the templates), not reports, whose planners and
 * marketing have no business with other staff members' sign-ins and addresses.
 */
export async function auditConsoleRoutes(app: FastifyInstance): Promise<void> {
  registerConsoleEndpoint(
    app,
    ENDPOINTS.consoleAuditEvents,
    { area: 'staff', level: 'read' },
    async (request) => {
      // A site outside the membership answers 404, as every console path naming one does.
      if (request.query.site) await consoleSite(request, request.query.site, 'staff', 'read');
      return listAuditEvents(app.db, scopeOf(request), request.query);
    },
  );

  registerConsoleEndpoint(
    app,
    ENDPOINTS.consoleAuditObjectHistory,
    { area: 'staff', level: 'read' },
    async (request) => {
      const { objectType, objectId } = request.params;
      const entries = await objectHistory(app.db, scopeOf(request), objectType, objectId);
      if (!entries) throw new AppError('record_not_found');
      return { object_type: objectType, object_id: objectId, entries };
    },
  );
}
