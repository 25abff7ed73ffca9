import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import './change-date.css';

/** The change-of-date steps (spec §4: change date, confirm, payment, payment confirm, complete). */
export type ChangeDateStep = 'date' | 'confirm' | 'payment' | 'complete';
const STEPS: ChangeDateStep[] = ['date', 'confirm', 'payment', 'complete'];

/**
 * The frame every change-of-date screen shares: the title and a step list that says, in words as well as
 * in its look, which step this is (aria-current).
 */
export function ChangeDateFrame({
  title,
  step,
  children,
}: {
  title: string;
  step: ChangeDateStep;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const current = STEPS.indexOf(step);
  return (
    <div className="change-date-page">
      <ScreenHero title={title}>
        <ol className="change-date-steps" aria-label={t('change_date_steps_label')}>
          {STEPS.map((name, index) => (
            <li
              key={name}
              className="change-date-steps__item"
              aria-current={index === current ? 'step' : undefined}
            >
              <span className="change-date-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="change-date-steps__name">{t(`change_date_step_${name}`)}</span>
            </li>
          ))}
        </ol>
      </ScreenHero>
      <div className="change-date-page__content">{children}</div>
    </div>
  );
}

/** A white card of the change-of-date screens, titled when given one. */
export function ChangeDatePanel({
  title,
  children,
  id,
}: {
  title?: string;
  children: ReactNode;
  id?: string;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section className="change-date-panel" aria-labelledby={title ? headingId : undefined}>
      {title ? (
        <h2 id={headingId} className="change-date-panel__title">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}

/** Loading, or a failed load with a retry. */
export function ChangeDateLoadState({
  query,
  failedKey = 'change_date_load_failed',
}: {
  query: { isPending: boolean; refetch: () => unknown };
  failedKey?: string;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="change-date-skeleton" aria-busy="true">
        <span className="visually-hidden">{t('common_loading')}</span>
      </div>
    );
  }
  return (
    <div className="change-date-panel" role="alert">
      <p className="change-date-text">{t(failedKey)}</p>
      <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
        {t('change_date_retry')}
      </button>
    </div>
  );
}
