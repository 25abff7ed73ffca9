import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Page } from '../../shared/ui/ui.tsx';

/** The reports of a site or the organisation: settlement, sales, attendance, date changes, the invoice register (issue 30). */
export function ReportsScreen() {
  const { t } = useConsoleI18n();
  return <Page title={t('nav_reports')}>{null}</Page>;
}
