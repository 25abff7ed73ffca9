import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Seconds at which the countdown is read out (every second would talk over the visitor). */
const ANNOUNCE_EVERY = 5;

type Props = { remaining: number; onContinue: () => void; onStartOver: () => void };

/**
 * "Are you still there?": the seconds left before the kiosk starts over, large on screen, and read out by a
 * live region when it opens and every five seconds. "Continue" keeps the visit; "Start over" resets now.
 */
export function IdleCountdownDialog({ remaining, onContinue, onStartOver }: Props) {
  const { t } = useTranslation();
  const continueButton = useRef<HTMLButtonElement>(null);
  // The live region's text changes (and is read out) only at 15, 10 and 5 seconds; it is exact then.
  const announced = Math.ceil(remaining / ANNOUNCE_EVERY) * ANNOUNCE_EVERY;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    continueButton.current?.focus();
    return () => previous?.focus?.();
  }, []);

  return (
    <div className="dialog-backdrop kiosk-idle">
      <div
        className="dialog kiosk-idle__dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="kiosk-idle-title"
        aria-describedby="kiosk-idle-text"
      >
        <h2 id="kiosk-idle-title" className="dialog__title">
          {t('kiosk_idle_title')}
        </h2>
        <p id="kiosk-idle-text" className="dialog__text">
          {t('kiosk_idle_text')}
        </p>
        <p className="kiosk-idle__seconds" aria-hidden="true" data-testid="kiosk-idle-seconds">
          {remaining}
        </p>
        <p className="visually-hidden" role="status" aria-live="assertive" aria-atomic="true">
          {t('kiosk_idle_announce', { count: announced })}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onStartOver}>
            {t('kiosk_idle_start_over')}
          </button>
          <button ref={continueButton} type="button" className="button button--primary" onClick={onContinue}>
            {t('kiosk_idle_continue')}
          </button>
        </div>
      </div>
    </div>
  );
}
