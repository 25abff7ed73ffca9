import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Page } from '../../shared/ui/ui.tsx';

/** The organisation's partners (channel OTA) (issue 30). */
export function PartnersScreen() {
  const { t } = useConsoleI18n();
  return <Page title={t('nav_partners')}>{null}</Page>;
}
