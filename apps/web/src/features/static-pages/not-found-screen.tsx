import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessageScreen } from '../../shared/ui/message-screen.tsx';

/** Any path that is not a route (spec §2). */
export default function NotFoundScreen({ homeHref }: { homeHref: string }) {
  const { t } = useTranslation();
  return (
    <MessageScreen
      testId="not-found"
      title={t('error_page_not_found_title')}
      text={t('error_page_not_found_content')}
      action={
        <Link to={homeHref} className="button button--primary">
          {t('common_back_to_tickets')}
        </Link>
      }
    />
  );
}
