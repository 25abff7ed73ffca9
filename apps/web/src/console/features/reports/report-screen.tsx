import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { ReportFilters, ReportName } from '@kippu/contract/console/reports-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { navigate } from '../../shared/routing/use-hash.ts';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { ErrorNotice, Loading, Page } from '../../shared/ui/ui.tsx';
import {
  apiFilters,
  filtersOf,
  isReportName,
  reportKeys,
  reportQueryString,
  scopeOf,
  tokyoToday,
  FILTER_NAMES,
  type FilterValues,
  type ReportScope,
} from './report-catalogue.ts';
import { ReportAnswerChart } from './report-answer-chart.tsx';
import { useReportCells } from './report-cells.ts';
import { ReportDownloads } from './report-downloads.tsx';
import { ReportFilterFields } from './report-filters.tsx';
import { ReportTable } from './report-table.tsx';
import { ScopeSwitch } from './scope-switch.tsx';
import { TEXTS } from './texts.ts';
import './reports.css';

/** One report's answer, of the site or of every site the member covers. */
function useReport(scope: ReportScope, site: string, report: ReportName, filters: ReportFilters) {
  return useQuery({
    queryKey: reportKeys.one(scope, site, report, filters),
    queryFn: () =>
      scope === 'organisation'
        ? consoleCall(R.consoleOrganisationReport, { params: { report }, query: filters as never })
        : consoleCall(R.consoleSiteReport, { params: { site, report }, query: filters as never }),
    // The figures stay on screen while other days load, instead of a blank page between.
    placeholderData: keepPreviousData,
  });
}

/**
 * One report: its filters (kept in the address, so a link opens the same figures), a chart where one reads
 * better than the table, the table with its totals, and the same figures as CSV or XLSX.
 */
function Body({ session, params, query }: FeatureScreenProps) {
  const { t } = useConsoleI18n();
  const site = params.site!;
  const report = params.report;
  if (!isReportName(report)) {
    return (
      <Page title={t('reports_title')}>
        <p className="c-notice c-notice--error" role="alert">
          {t('reports_unknown')}
        </p>
        <a className="c-link" href={hrefOf('reports', { site })}>
          {t('reports_back')}
        </a>
      </Page>
    );
  }
  return <Report session={session} site={site} report={report} query={query} />;
}

function Report({
  session,
  site,
  report,
  query,
}: Pick<FeatureScreenProps, 'session' | 'query'> & { site: string; report: ReportName }) {
  const { t } = useConsoleI18n();
  const cells = useReportCells();
  const applied = filtersOf(report, query, tokyoToday());
  const scope = scopeOf(query, session);
  const filters = apiFilters(report, applied);
  const answer = useReport(scope, site, report, filters);
  const [draft, setDraft] = useState<FilterValues>(applied);
  const [draftScope, setDraftScope] = useState<ReportScope>(scope);
  const appliedKey = `${FILTER_NAMES.map((name) => applied[name]).join('|')}|${scope}`;
  // The address changed (back, a shared link): the form shows what is applied.
  useEffect(() => {
    setDraft(applied);
    setDraftScope(scope);
  }, [appliedKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const apply = (event: FormEvent) => {
    event.preventDefault();
    navigate(`${hrefOf('report', { site, report })}?${reportQueryString(report, draft, draftScope)}`);
  };
  const title = t(`report_title_${report}`);
  const data = answer.data;
  return (
    <Page
      title={title}
      actions={<ReportDownloads scope={scope} site={site} report={report} filters={filters} />}
    >
      <p>
        <a
          className="c-link"
          href={`${hrefOf('reports', { site })}${scope === 'organisation' ? '?scope=organisation' : ''}`}
        >
          {t('reports_back')}
        </a>
      </p>
      <form className="c-filters c-report-filters" aria-label={t('reports_filters')} onSubmit={apply}>
        <ScopeSwitch session={session} site={site} scope={draftScope} onChange={setDraftScope} />
        <ReportFilterFields report={report} draft={draft} onChange={setDraft} />
        <div className="c-field c-report-filters__buttons">
          <button className="c-button c-button--primary" type="submit">
            {t('reports_show')}
          </button>
        </div>
      </form>
      <ErrorNotice error={answer.error} />
      {answer.isPending ? <Loading /> : null}
      {data ? (
        <div aria-busy={answer.isPlaceholderData || undefined}>
          {data.truncated ? (
            <p className="c-notice" role="status">
              {t('reports_truncated', { rows: data.rows.length })}
            </p>
          ) : null}
          <ReportAnswerChart answer={data} />
          <ReportTable
            caption={t('reports_table_caption', {
              title,
              from: cells.day(data.filters.from),
              to: cells.day(data.filters.to),
            })}
            answer={data}
          />
        </div>
      ) : null}
    </Page>
  );
}

export const ReportScreen = featureScreen(TEXTS, Body);
