import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './close-icon.tsx';
import { FirstVisitDialog } from './first-visit-dialog.tsx';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round' } as const;

/** The three steps of the order screen (spec §3 show-tutorial flag; issue 32, item 8): at most three. */
const STEPS: { key: 'date' | 'time' | 'tickets'; icon: ReactNode }[] = [
  {
    key: 'date',
    icon: (
      <>
        <rect x="4" y="6" width="24" height="22" rx="3" {...stroke} />
        <path d="M4 12h24M11 3v6M21 3v6" {...stroke} />
        <rect x="9" y="16" width="5" height="5" rx="1" fill="currentColor" />
      </>
    ),
  },
  {
    key: 'time',
    icon: (
      <>
        <circle cx="16" cy="16" r="12" {...stroke} />
        <path d="M16 9v7l5 3" {...stroke} />
      </>
    ),
  },
  {
    key: 'tickets',
    icon: (
      <>
        <path d="M4 9h24v4a3 3 0 0 0 0 6v4H4v-4a3 3 0 0 0 0-6z" {...stroke} />
        <path d="M20 9v14" {...stroke} strokeDasharray="2 2" />
      </>
    ),
  },
];

/**
 * The first-visit guide of the order screen (ADR 105): choosing a date, a time and tickets, one step at a
 * time. Skip (or Escape, or ×) ends it at any step; the last step's button starts the visitor off.
 */
export default function OrderTutorial({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const stepId = useId();
  const [index, setIndex] = useState(0);
  const step = STEPS[index]!;
  const last = index === STEPS.length - 1;
  return (
    <FirstVisitDialog titleId={titleId} describedById={stepId} onClose={onClose} className="tutorial">
      <button
        type="button"
        className="first-visit-dialog__close"
        aria-label={t('first_visit_close')}
        onClick={onClose}
      >
        <CloseIcon />
      </button>
      <h2 id={titleId} className="dialog__title">
        {t('tutorial_title')}
      </h2>
      {/* The step changes in place: it is announced, as the step's own heading and text. */}
      <div id={stepId} aria-live="polite" data-testid="tutorial-step" data-step={step.key}>
        <p className="tutorial__position">
          {t('tutorial_step_position', { current: index + 1, total: STEPS.length })}
        </p>
        <div className="tutorial__step">
          <svg className="tutorial__icon" viewBox="0 0 32 32" width="48" height="48" aria-hidden="true">
            {step.icon}
          </svg>
          <h3 className="tutorial__step-title">{t(`tutorial_${step.key}_title`)}</h3>
          <p className="tutorial__step-text">{t(`tutorial_${step.key}_text`)}</p>
        </div>
      </div>
      <ol className="tutorial__dots" aria-hidden="true">
        {STEPS.map((item, position) => (
          <li key={item.key} className="tutorial__dot" data-current={position === index ? '' : undefined} />
        ))}
      </ol>
      <div className="dialog__actions">
        {last ? null : (
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('tutorial_skip')}
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          data-autofocus
          onClick={() => (last ? onClose() : setIndex(index + 1))}
        >
          {last ? t('tutorial_done') : t('tutorial_next')}
        </button>
      </div>
    </FirstVisitDialog>
  );
}
