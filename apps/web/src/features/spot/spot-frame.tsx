import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenHero } from '../../shared/ui/screen-hero.tsx';
import './spot.css';

/** The spot flow's steps (spec §2 "Step navigation": order, payment). */
export type SpotStep = 'order' | 'payment';
const STEPS: { step: SpotStep; key: string }[] = [
  { step: 'order', key: 'booking_step_order' },
  { step: 'payment', key: 'booking_step_payment' },
];

function SpotSteps({ current }: { current: SpotStep }) {
  const { t } = useTranslation();
  const currentIndex = STEPS.findIndex((each) => each.step === current);
  return (
    <ol className="spot-steps" aria-label={t('booking_steps_label')}>
      {STEPS.map(({ step, key }, index) => {
        const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo';
        return (
          <li
            key={step}
            className={`spot-steps__step spot-steps__step--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="spot-steps__marker" aria-hidden="true">
              {index + 1}
            </span>
            {t(key)}
            {state === 'done' ? <span className="visually-hidden"> ({t('booking_step_done')})</span> : null}
          </li>
        );
      })}
    </ol>
  );
}

/** Every spot screen: the hero, the steps while buying, one narrow column made for a phone at the venue. */
export function SpotFrame({
  title,
  step,
  children,
}: {
  title: string;
  step?: SpotStep;
  children: ReactNode;
}) {
  return (
    <div className="spot-page">
      <ScreenHero title={title} />
      <div className="spot-page__column">
        {step ? <SpotSteps current={step} /> : null}
        {children}
      </div>
    </div>
  );
}

/** A card of the spot column, titled when it answers one question. */
export function SpotPanel({ title, children, id }: { title?: string; children: ReactNode; id?: string }) {
  return (
    <section className="spot-panel" aria-labelledby={title && id ? `${id}-title` : undefined}>
      {title ? (
        <h2 className="spot-panel__title" id={id ? `${id}-title` : undefined}>
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}
