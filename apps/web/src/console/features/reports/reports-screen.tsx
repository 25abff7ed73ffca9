import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { navigate } from '../../shared/routing/use-hash.ts';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { Page } from '../../shared/ui/ui.tsx';
import { REPORT_NAMES, scopeOf, type ReportScope } from './report-catalogue.ts';
import { SchedulePanel } from './schedule-panel.tsx';
import { ScopeSwitch } from './scope-switch.tsx';
import { TEXTS } from './texts.ts';
import './reports.css';

/**
 * The reports of a site, or of every site the member covers: each with the question it answers, and the daily
 * settlement mailed each morning.
 */
function Body({ session, params, query }: FeatureScreenProps) {
  const { t } = useConsoleI18n();
  const site = params.site!;
  const scope = scopeOf(query, session);
  const suffix = scope === 'organisation' ? '?scope=organisation' : '';
  const switchTo = (next: ReportScope) =>
    navigate(`${hrefOf('reports', { site })}${next === 'organisation' ? '?scope=organisation' : ''}`);
  return (
    <Page title={t('reports_title')}>
      <div className="c-report-scope-bar">
        <ScopeSwitch session={session} site={site} scope={scope} onChange={switchTo} />
      </div>
      <ul className="c-report-list">
        {REPORT_NAMES.map((report) => (
          <li key={report} className="c-report-list__item">
            <a className="c-link c-report-list__name" href={`${hrefOf('report', { site, report })}${suffix}`}>
              {t(`report_title_${report}`)}
            </a>
            <p className="c-muted">{t(`reports_answers_${report.replace('-', '_')}`)}</p>
          </li>
        ))}
      </ul>
      <SchedulePanel session={session} />
    </Page>
  );
}

export const ReportsScreen = featureScreen(TEXTS, Body);
