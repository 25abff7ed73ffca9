import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Page } from '../../shared/ui/ui.tsx';

/** Capacity reserved for partners per slot, and what returns to general sale at the cut-off (issue 30). */
export function AllotmentsScreen() {
  const { t } = useConsoleI18n();
  return <Page title={t('nav_allotments')}>{null}</Page>;
}
