import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Page } from '../../shared/ui/ui.tsx';

/** One order: visitor, tickets, payments and refunds, mails, its timeline and staff actions (issue 29). */
export function OrderScreen() {
  const { t } = useConsoleI18n();
  return <Page title={t('nav_orders')}>{null}</Page>;
}
