import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Page } from '../../shared/ui/ui.tsx';

/** One partner: contact, net prices, tokens, bookings (issue 30). */
export function PartnerScreen() {
  const { t } = useConsoleI18n();
  return <Page title={t('nav_partners')}>{null}</Page>;
}
