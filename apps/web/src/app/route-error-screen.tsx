import { useTranslation } from 'react-i18next';
import { MessageScreen } from '../shared/ui/message-screen.tsx';

/** A screen that failed to load (network error or the 120 s time-out) ends here, inside the layout. */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  return (
    <MessageScreen
      testId="route-error"
      title={t('screen_error_title')}
      text={t('error_page_load_failed_text')}
      action={
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('common_reload')}
        </button>
      }
    />
  );
}
