import { defineEndpoint } from '../endpoint.ts';
import {
  organisationReportExportQuerySchema,
  organisationReportFiltersSchema,
  organisationReportParamsSchema,
  reportAnswerSchema,
  reportExportQuerySchema,
  reportFiltersSchema,
  reportSchedulesAnswerSchema,
  saveReportSchedulesBodySchema,
  siteReportParamsSchema,
} from './reports-schemas.ts';

/**
 * The console's reports (issue 30, ADR 084, 085) endpoints by route name (`defineEndpoint`), merged into
 * `ENDPOINTS`. Area `reports` read for every report and export (each export audited); the schedules: read with
 * reports read, saved with settings write.
 */
export const reportsEndpoints = {
  /** One report of one site, on screen. */
  consoleSiteReport: defineEndpoint('consoleSiteReport', {
    params: siteReportParamsSchema,
    query: reportFiltersSchema,
    responses: { 200: reportAnswerSchema },
  }),
  /** The same report as a file (CSV or XLSX, streamed): no JSON answer. */
  consoleSiteReportExport: defineEndpoint('consoleSiteReportExport', {
    params: siteReportParamsSchema,
    query: reportExportQuerySchema,
    responses: {},
  }),
  /** One report over every site the member covers with reports read (or `site`), on screen. */
  consoleOrganisationReport: defineEndpoint('consoleOrganisationReport', {
    params: organisationReportParamsSchema,
    query: organisationReportFiltersSchema,
    responses: { 200: reportAnswerSchema },
  }),
  consoleOrganisationReportExport: defineEndpoint('consoleOrganisationReportExport', {
    params: organisationReportParamsSchema,
    query: organisationReportExportQuerySchema,
    responses: {},
  }),
  consoleReportSchedules: defineEndpoint('consoleReportSchedules', {
    responses: { 200: reportSchedulesAnswerSchema },
  }),
  consoleSaveReportSchedules: defineEndpoint('consoleSaveReportSchedules', {
    body: saveReportSchedulesBodySchema,
    responses: { 200: reportSchedulesAnswerSchema },
  }),
} as const;
