import { useTranslation } from 'react-i18next';
import { selectIsBusy, useRequestStore } from '../stores/request-store.ts';
import './loading-indicator.css';

/** Shown while any request is in flight (spec §4). */
export function LoadingIndicator() {
  const { t } = useTranslation();
  const busy = useRequestStore(selectIsBusy);
  return (
    <div
      className="loading-indicator"
      role="status"
      aria-busy={busy}
      aria-live="polite"
      data-testid="loading"
    >
      {busy ? (
        <>
          <span className="loading-indicator__bar" aria-hidden="true" />
          <span className="visually-hidden">{t('common_loading')}</span>
        </>
      ) : null}
    </div>
  );
}
