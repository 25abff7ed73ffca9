import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ScreenHero } from '../../shared/ui/screen-hero.tsx';
import '../../shared/ui/message-panel.css';

/** Any path that is not a route (spec §2). */
export default function NotFoundScreen({ homeHref }: { homeHref: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="not-found">
      <ScreenHero title={t('error_page_not_found_title')} />
      <div className="message-panel">
        <p className="message-panel__text">{t('error_page_not_found_content')}</p>
        <Link to={homeHref} className="button button--primary">
          {t('common_back_to_tickets')}
        </Link>
      </div>
    </div>
  );
}
