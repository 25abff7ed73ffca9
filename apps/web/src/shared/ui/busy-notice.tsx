import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusyStore } from '../stores/busy-store.ts';
import './busy-notice.css';

/**
 * Tells the visitor that the site is very busy (ADR 034), or briefly unavailable (ADR 046), and that their
 * request will be tried again by itself, with the seconds left. A fixed banner over the page: it moves
 * nothing below it.
 */
export function BusyNotice() {
  const { t } = useTranslation();
  const retryAt = useBusyStore((state) => state.retryAt);
  const reason = useBusyStore((state) => state.reason);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (retryAt === null) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 250);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [retryAt]);
  // Never more than the longest wait, even for the instant before the first tick.
  const seconds = retryAt === null ? 0 : Math.min(8, Math.max(1, Math.ceil((retryAt - now) / 1000)));
  return (
    <div className="busy-notice-region" role="status" aria-live="polite">
      {retryAt !== null ? (
        <p className="busy-notice" data-testid="busy-notice">
          {t(reason === 'unavailable' ? 'unavailable_retry_notice' : 'busy_retry_notice', { seconds })}
        </p>
      ) : null}
    </div>
  );
}
