import { consoleRoute } from './console-route.ts';

/** The console's reports (issue 30: settlement, sales, attendance, date changes, the invoice register; CSV and XLSX exports; scheduled reports); their schemas are in `reports-endpoints.ts`. */
export const reportsRoutes = [
  consoleRoute('consoleSiteReport', 'GET', '/sites/:site/reports/:report'),
  consoleRoute('consoleSiteReportExport', 'GET', '/sites/:site/reports/:report/export'),
  consoleRoute('consoleReportSchedules', 'GET', '/reports/schedules'),
  consoleRoute('consoleSaveReportSchedules', 'PUT', '/reports/schedules'),
  consoleRoute('consoleOrganisationReport', 'GET', '/reports/:report'),
  consoleRoute('consoleOrganisationReportExport', 'GET', '/reports/:report/export'),
] as const satisfies readonly ReturnType<typeof consoleRoute>[];
