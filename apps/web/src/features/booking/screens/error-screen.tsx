import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/routing/paths.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { MessageScreen } from '../../../shared/ui/message-screen.tsx';

/**
 * The general error page (spec §2 `/error`). A session that timed out on a mail-confirm-only site lands
 * here (spec §4): such a site has no order page, so the way on is the invitation's link, not a button.
 */
export default function ErrorScreen() {
  const { t } = useTranslation();
  const invitationOnly = useCoreStore(
    (state) => state.configuration?.settings.isOnlyStartMailConfirm ?? false,
  );
  return (
    <MessageScreen
      testId="error-page"
      title={t('screen_error_title')}
      text={t(invitationOnly ? 'error_page_text_invitation' : 'error_page_text')}
      action={
        invitationOnly ? null : (
          <Link to={paths.order.getHref()} className="button button--primary">
            {t('common_back_to_tickets')}
          </Link>
        )
      }
    />
  );
}
