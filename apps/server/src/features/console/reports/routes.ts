import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LangCode } from '@kippu/contract';
import { reportsEndpoints as endpoints } from '@kippu/contract/console/reports-endpoints';
import type { ReportFilters, ReportName } from '@kippu/contract/console/reports-schemas';
import { reportAnswer } from '../../../domain/reports/report-answer.ts';
import { openReportExport } from '../../../domain/reports/report-export.ts';
import { reportScopeOf } from '../../../domain/reports/report-request.ts';
import { organisationReportSites } from '../../../domain/reports/report-sites.ts';
import {
  dailySettlementSchedule,
  saveDailySettlementSchedule,
} from '../../../domain/reports/report-schedules.ts';
import {
  consoleActor,
  consoleSite,
  registerConsoleEndpoint,
  type ConsoleStaff,
} from '../console-endpoint.ts';

const READ = { area: 'reports', level: 'read' } as const;
/** The schedule is an organisation's standing mail: its settings (no role template grants reports write). */
const SCHEDULE_WRITE = { area: 'settings', level: 'write' } as const;

const staffOf = (request: FastifyRequest) => request.consoleStaff as ConsoleStaff;

/** The filters an export's audit row records: what was asked, without the format and language. */
function askedFilters(query: Record<string, unknown>): Record<string, unknown> {
  const { format: _format, lang: _lang, ...filters } = query;
  return filters;
}

/** The console's reports (issue 30, ADR 084, 085), under `/console/api/v1`; each route calls one domain function. */
export async function reportsConsoleRoutes(app: FastifyInstance): Promise<void> {
  /** One site's scope, after the site check (404 for a site the member may not read reports of). */
  const siteScope = async (
    request: FastifyRequest,
    params: { site: string; report: ReportName },
    filters: ReportFilters,
    lang: LangCode,
  ) => {
    const { code } = await consoleSite(request, params.site, 'reports', 'read');
    return reportScopeOf(app.db, {
      report: params.report,
      siteCodes: [code],
      organisationWide: false,
      site: code,
      lang,
      filters,
    });
  };
  /** The organisation's scope: every site the member covers, or the one `site` names (404 if not covered). */
  const organisationScope = async (
    request: FastifyRequest,
    report: ReportName,
    filters: ReportFilters & { site?: string },
    lang: LangCode,
  ) => {
    const staff = staffOf(request);
    const site = filters.site ?? null;
    const siteCodes = await organisationReportSites(app.db, staff.organisationId, staff.siteCodes, site);
    return reportScopeOf(app.db, { report, siteCodes, organisationWide: true, site, lang, filters });
  };
  const sendExport = async (
    request: FastifyRequest,
    reply: FastifyReply,
    scope: Awaited<ReturnType<typeof reportScopeOf>>,
    query: Record<string, unknown> & { format: 'csv' | 'xlsx' },
  ) => {
    const file = await openReportExport(app.db, {
      scope,
      format: query.format,
      actor: consoleActor(request),
      organisationId: staffOf(request).organisationId,
      filters: askedFilters(query),
    });
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.body);
  };

  registerConsoleEndpoint(app, endpoints.consoleSiteReport, READ, async (request) => {
    const lang = staffOf(request).lang as LangCode;
    const scope = await siteScope(request, request.params, request.query, lang);
    return reportAnswer(app.db, scope, request.query.limit);
  });
  registerConsoleEndpoint(app, endpoints.consoleSiteReportExport, READ, async (request, reply) => {
    const scope = await siteScope(request, request.params, request.query, request.query.lang);
    return sendExport(request, reply, scope, request.query);
  });
  registerConsoleEndpoint(app, endpoints.consoleOrganisationReport, READ, async (request) => {
    const lang = staffOf(request).lang as LangCode;
    const scope = await organisationScope(request, request.params.report, request.query, lang);
    return reportAnswer(app.db, scope, request.query.limit);
  });
  registerConsoleEndpoint(app, endpoints.consoleOrganisationReportExport, READ, async (request, reply) => {
    const scope = await organisationScope(request, request.params.report, request.query, request.query.lang);
    return sendExport(request, reply, scope, request.query);
  });

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
