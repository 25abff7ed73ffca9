import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Page } from '../../shared/ui/ui.tsx';

/** The organisation's webhook subscriptions (issue 30). */
export function WebhooksScreen() {
  const { t } = useConsoleI18n();
  return <Page title={t('nav_webhooks')}>{null}</Page>;
}
