import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore, type SavedOrder } from '../../../shared/stores/core-store.ts';
import { temporaryOrderQuery } from './temporary-order-query.ts';
import './hold-countdown.css';

/** Under this many seconds the countdown turns to a warning. */
const WARN_SECONDS = 120;

/** The hold expiry the order screen saved with the order (savedOrder.expiresAt), if any. */
export function savedExpiry(saved: SavedOrder | null): string | null {
  const expiresAt = saved?.expiresAt;
  return typeof expiresAt === 'string' ? expiresAt : null;
}

/** m:ss (or h:mm:ss) of a number of seconds. */
export function formatRemaining(seconds: number): string {
  const clamped = Math.max(0, Math.floor(seconds));
  const h = Math.floor(clamped / 3600);
  const m = Math.floor((clamped % 3600) / 60);
  const s = String(clamped % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

function secondsUntil(expiresAt: string): number {
  return (Date.parse(expiresAt) - Date.now()) / 1000;
}

/**
 * How long the temporary order still holds the tickets. The expiry comes from `expiresAt`, else the
 * saved order (the order screen stores it), else GET /orders/{id} for the current order token.
 * Renders nothing while there is no hold. A timer role, so screen readers do not hear every second;
 * the warning and the expiry are announced once through the status line.
 */
export function HoldCountdown({
  expiresAt,
  showOrderLink = true,
}: {
  expiresAt?: string;
  showOrderLink?: boolean;
}) {
  const { t } = useTranslation();
  const orderToken = useCoreStore((state) => state.orderToken);
  const saved = useCoreStore((state) => savedExpiry(state.savedOrder));
  const known = expiresAt ?? saved;
  const lang = useActiveLang();
  const order = useQuery({ ...temporaryOrderQuery(orderToken ?? '', lang), enabled: !known && !!orderToken });
  const expiry = known ?? order.data?.expires_at ?? null;

  const [seconds, setSeconds] = useState(() => (expiry ? secondsUntil(expiry) : 0));
  useEffect(() => {
    if (!expiry) return;
    const tick = () => setSeconds(secondsUntil(expiry));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [expiry]);

  if (!orderToken || !expiry) return null;
  const expired = seconds <= 0;
  const warning = !expired && seconds <= WARN_SECONDS;

  return (
    <div
      className={`hold-countdown${warning ? ' hold-countdown--warning' : ''}${expired ? ' hold-countdown--expired' : ''}`}
    >
      <svg
        className="hold-countdown__icon"
        viewBox="0 0 16 16"
        width="16"
        height="16"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M8 1.75a6.25 6.25 0 1 0 0 12.5 6.25 6.25 0 0 0 0-12.5zM8 4.5V8l2.5 1.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {expired ? (
        <p className="hold-countdown__text" role="status">
          {t('order_hold_expired')}{' '}
          {showOrderLink ? <Link to={paths.order.getHref()}>{t('order_hold_choose_again')}</Link> : null}
        </p>
      ) : (
        <p className="hold-countdown__text">
          {t('order_hold_label')}{' '}
          <span
            role="timer"
            className="hold-countdown__time"
            aria-label={t('order_hold_timer', { time: formatRemaining(seconds) })}
          >
            {formatRemaining(seconds)}
          </span>
          <span className="visually-hidden" role="status">
            {warning ? t('order_hold_warning') : ''}
          </span>
        </p>
      )}
    </div>
  );
}
