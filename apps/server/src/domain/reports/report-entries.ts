import type { LangCode } from '@kippu/contract';
import type {
  ExportFormat,
  OrganisationReportFilters,
  ReportAnswer,
  ReportFilters,
  ReportName,
} from '@kippu/contract/console/reports-schemas';
import type { Db } from '../../db/client.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import { reportAnswer } from './report-answer.ts';
import { openReportExport, type ReportExport } from './report-export.ts';
import { reportScopeOf } from './report-request.ts';
import type { ReportScope } from './report-scope.ts';
import { organisationReportSites } from './report-sites.ts';

/**
 * The staff member asking for a report: their organisation and the sites their membership covers (the route
 * has already checked their reports permission), and the console language the screen's names are in.
 */
export interface ReportReader {
  organisationId: number;
  siteCodes: readonly string[];
  lang: string;
}

/** An export's asking: the filters, the file's format and its language. */
type ExportQuery<F> = F & { format: ExportFormat; lang: LangCode };

/**
 * One site's scope: the site must be one of the organisation's the member covers (404 otherwise, as every
 * console route answers a site it may not see).
 */
async function siteScope(
  db: Db,
  reader: ReportReader,
  params: { site: string; report: ReportName },
  filters: ReportFilters,
  lang: LangCode,
): Promise<ReportScope> {
  const siteCodes = await organisationReportSites(db, reader.organisationId, reader.siteCodes, params.site);
  return reportScopeOf(db, {
    report: params.report,
    siteCodes,
    organisationWide: false,
    site: siteCodes[0] ?? null,
    lang,
    filters,
  });
}

/** The organisation's scope: every site the member covers, or the one `site` names (404 if not covered). */
async function organisationScope(
  db: Db,
  reader: ReportReader,
  report: ReportName,
  filters: OrganisationReportFilters,
  lang: LangCode,
): Promise<ReportScope> {
  const site = filters.site ?? null;
  const siteCodes = await organisationReportSites(db, reader.organisationId, reader.siteCodes, site);
  return reportScopeOf(db, { report, siteCodes, organisationWide: true, site, lang, filters });
}

/** The filters an export's audit row records: what was asked, without the format and language. */
function askedFilters(query: Record<string, unknown>): Record<string, unknown> {
  const { format: _format, lang: _lang, ...filters } = query;
  return filters;
}

/** GET /sites/:site/reports/:report: one site's report on screen, in the member's console language. */
export async function siteReport(
  db: Db,
  reader: ReportReader,
  params: { site: string; report: ReportName },
  query: ReportFilters,
): Promise<ReportAnswer> {
  const scope = await siteScope(db, reader, params, query, reader.lang as LangCode);
  return reportAnswer(db, scope, query.limit);
}

/** GET /reports/:report: the report over the member's sites (or the one `site`), on screen. */
export async function organisationReport(
  db: Db,
  reader: ReportReader,
  report: ReportName,
  query: OrganisationReportFilters,
): Promise<ReportAnswer> {
  const scope = await organisationScope(db, reader, report, query, reader.lang as LangCode);
  return reportAnswer(db, scope, query.limit);
}

/** GET /sites/:site/reports/:report/export: one site's report as a streamed, audited file (ADR 085). */
export async function siteReportExport(
  db: Db,
  reader: ReportReader,
  actor: AuditActor,
  params: { site: string; report: ReportName },
  query: ExportQuery<ReportFilters>,
): Promise<ReportExport> {
  const scope = await siteScope(db, reader, params, query, query.lang);
  return openReportExport(db, {
    scope,
    format: query.format,
    actor,
    organisationId: reader.organisationId,
    filters: askedFilters(query),
  });
}

/** GET /reports/:report/export: the organisation-wide report as a streamed, audited file (ADR 085). */
export async function organisationReportExport(
  db: Db,
  reader: ReportReader,
  actor: AuditActor,
  report: ReportName,
  query: ExportQuery<OrganisationReportFilters>,
): Promise<ReportExport> {
  const scope = await organisationScope(db, reader, report, query, query.lang);
  return openReportExport(db, {
    scope,
    format: query.format,
    actor,
    organisationId: reader.organisationId,
    filters: askedFilters(query),
  });
}
