import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Page } from '../../shared/ui/ui.tsx';

/** One report on screen with its chart, filters and CSV/XLSX downloads (issue 30). */
export function ReportScreen() {
  const { t } = useConsoleI18n();
  return <Page title={t('nav_reports')}>{null}</Page>;
}
