import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import type { ConsoleSession } from '../../shared/session/session-api.ts';
import { coversSeveralSites, type ReportScope } from './report-catalogue.ts';

/**
 * This site's figures or every site the member covers together: offered only where the member covers more
 * than one site (for one site both would be the same).
 */
export function ScopeSwitch({
  session,
  site,
  scope,
  onChange,
}: {
  session: ConsoleSession;
  site: string;
  scope: ReportScope;
  onChange: (scope: ReportScope) => void;
}) {
  const { t } = useConsoleI18n();
  if (!coversSeveralSites(session)) return null;
  const siteName = session.sites?.find((each) => each.code === site)?.name ?? site;
  const option = (value: ReportScope, label: string) => (
    <label className="c-report-scope__option">
      <input
        type="radio"
        name="c-report-scope"
        value={value}
        checked={scope === value}
        onChange={() => onChange(value)}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="c-field c-report-scope">
      <legend>{t('reports_scope')}</legend>
      {option('site', t('reports_scope_site', { site: siteName }))}
      {option('organisation', t('reports_scope_organisation', { count: session.sites?.length ?? 0 }))}
    </fieldset>
  );
}
