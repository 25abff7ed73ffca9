import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Page } from '../../shared/ui/ui.tsx';

/** One webhook: its events, secret rotation and delivery log with redelivery (issue 30). */
export function WebhookScreen() {
  const { t } = useConsoleI18n();
  return <Page title={t('nav_webhooks')}>{null}</Page>;
}
