import {
  EXPORT_FORMATS,
  type ExportFormat,
  type ReportFilters,
  type ReportName,
} from '@kippu/contract/console/reports-schemas';
import { urlOf } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import type { ReportScope } from './report-catalogue.ts';

/** The export's address: the report's filters as on screen, the file's format and the console's language. */
export function exportHref(
  scope: ReportScope,
  site: string,
  report: ReportName,
  filters: ReportFilters,
  format: ExportFormat,
  lang: string,
): string {
  const query = { ...filters, format, lang };
  return scope === 'organisation'
    ? urlOf(R.consoleOrganisationReportExport, { params: { report }, query })
    : urlOf(R.consoleSiteReportExport, { params: { site, report }, query });
}

/**
 * CSV and XLSX of the figures on screen, as plain links: the browser sends the session's cookie on a
 * same-origin GET and writes the streamed answer straight to disk (its name from the server's
 * content-disposition), so a 200,000-row export never passes through this page's memory.
 */
export function ReportDownloads({
  scope,
  site,
  report,
  filters,
}: {
  scope: ReportScope;
  site: string;
  report: ReportName;
  filters: ReportFilters;
}) {
  const { t, lang } = useConsoleI18n();
  return (
    <span className="c-actions">
      {EXPORT_FORMATS.map((format) => (
        <a
          key={format}
          className="c-button"
          href={exportHref(scope, site, report, filters, format, lang)}
          download
        >
          {t(`reports_download_${format}`)}
        </a>
      ))}
    </span>
  );
}
