import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Page } from '../../shared/ui/ui.tsx';

/** The organisation's API tokens: scoped, shown once, revocable (issue 30). */
export function ApiTokensScreen() {
  const { t } = useConsoleI18n();
  return <Page title={t('nav_api_tokens')}>{null}</Page>;
}
