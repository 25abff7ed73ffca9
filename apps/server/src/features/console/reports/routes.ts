import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { reportsEndpoints as endpoints } from '@kippu/contract/console/reports-endpoints';
import {
  organisationReport,
  organisationReportExport,
  siteReport,
  siteReportExport,
} from '../../../domain/reports/report-entries.ts';
import type { ReportExport } from '../../../domain/reports/report-export.ts';
import {
  dailySettlementSchedule,
  saveDailySettlementSchedule,
} from '../../../domain/reports/report-schedules.ts';
import { consoleActor, registerConsoleEndpoint, type ConsoleStaff } from '../console-endpoint.ts';

const READ = { area: 'reports', level: 'read' } as const;
/**
 * The daily settlement's recipients are "Scheduled reports" (issue 30) under the reports permission: the owner,
 * administrator and finance templates grant reports write (migration 0965, ADR 084 addendum).
 */
const SCHEDULE_WRITE = { area: 'reports', level: 'write' } as const;

const staffOf = (request: FastifyRequest) => request.consoleStaff as ConsoleStaff;

/** An export's file as the answer: streamed, never cached, saved under its name. */
function sendFile(reply: FastifyReply, file: ReportExport) {
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
}

/** The console's reports (issue 30, ADR 084, 085), under `/console/api/v1`; each route calls one domain function. */
export async function reportsConsoleRoutes(app: FastifyInstance): Promise<void> {
  registerConsoleEndpoint(app, endpoints.consoleSiteReport, READ, async (request) =>
    siteReport(app.db, staffOf(request), request.params, request.query),
  );
  registerConsoleEndpoint(app, endpoints.consoleSiteReportExport, READ, async (request, reply) =>
    sendFile(
      reply,
      await siteReportExport(app.db, staffOf(request), consoleActor(request), request.params, request.query),
    ),
  );
  registerConsoleEndpoint(app, endpoints.consoleOrganisationReport, READ, async (request) =>
    organisationReport(app.db, staffOf(request), request.params.report, request.query),
  );
  registerConsoleEndpoint(app, endpoints.consoleOrganisationReportExport, READ, async (request, reply) =>
    sendFile(
      reply,
      await organisationReportExport(
        app.db,
        staffOf(request),
        consoleActor(request),
        request.params.report,
        request.query,
      ),
    ),
  );

  registerConsoleEndpoint(app, endpoints.consoleReportSchedules, READ, async (request) =>
    dailySettlementSchedule(app.db, staffOf(request).organisationId),
  );
  registerConsoleEndpoint(app, endpoints.consoleSaveReportSchedules, SCHEDULE_WRITE, async (request) =>
    saveDailySettlementSchedule(app.db, {
      organisationId: staffOf(request).organisationId,
      actor: consoleActor(request),
      schedule: request.body.daily_settlement,
    }),
  );
}
