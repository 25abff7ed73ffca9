import type { ReportName } from '@kippu/contract/console/reports-schemas';
import { attendanceReport } from './attendance-report.ts';
import { dateChangesReport } from './date-changes-report.ts';
import { invoiceRegisterReport } from './invoice-register-report.ts';
import type { ReportBuilder } from './report-scope.ts';
import { salesReport } from './sales-report.ts';
import { settlementReport } from './settlement-report.ts';

/** Each report's one statement (ADR 084): the screen and the export both build it here. */
export const REPORT_BUILDERS: Readonly<Record<ReportName, ReportBuilder>> = {
  settlement: settlementReport,
  sales: salesReport,
  attendance: attendanceReport,
  'date-changes': dateChangesReport,
  'invoice-register': invoiceRegisterReport,
};
