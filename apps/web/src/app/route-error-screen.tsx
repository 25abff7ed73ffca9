import { useTranslation } from 'react-i18next';
import { ScreenHero } from '../shared/ui/screen-hero.tsx';
import '../shared/ui/message-panel.css';

/** A screen that failed to load (network error or the 120 s time-out) ends here, inside the layout. */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  return (
    <div data-testid="route-error">
      <ScreenHero title={t('screen_error_title')} />
      <div className="message-panel">
        <p className="message-panel__text">{t('error_page_load_failed_text')}</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('common_reload')}
        </button>
      </div>
    </div>
  );
}
