import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Page } from '../../shared/ui/ui.tsx';

/** Selling at the counter: product, slot, tickets, cash or card terminal, print (issue 29). */
export function BoxOfficeScreen() {
  const { t } = useConsoleI18n();
  return <Page title={t('nav_box_office')}>{null}</Page>;
}
