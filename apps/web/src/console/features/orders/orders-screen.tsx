import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Page } from '../../shared/ui/ui.tsx';

/** The site's orders: search and filters (issue 29). */
export function OrdersScreen() {
  const { t } = useConsoleI18n();
  return <Page title={t('nav_orders')}>{null}</Page>;
}
