import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { MessageScreen } from '../../../shared/ui/message-screen.tsx';

/** After the release (spec §2 `/mail-release-completion`): what happened, and the way to the tickets. */
export default function MailReleaseCompletionScreen() {
  const { t } = useTranslation();
  return (
    <MessageScreen
      testId="mail-release-completion-screen"
      title={t('screen_mail_release_completion_title')}
      text={t('mail_release_completion_text')}
      action={
        <Link className="button button--secondary" to={paths.root.getHref()}>
          {t('common_back_to_tickets')}
        </Link>
      }
    />
  );
}
