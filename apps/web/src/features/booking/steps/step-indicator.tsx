import { useTranslation } from 'react-i18next';
import { useBookingSteps, type BookingStep } from './booking-steps.ts';
import './step-indicator.css';

const LABEL_KEYS: Record<BookingStep, string> = {
  order: 'booking_step_order',
  'membership-login': 'booking_step_membership_login',
  'sign-in': 'booking_step_sign_in',
  payment: 'booking_step_payment',
  confirm: 'booking_step_confirm',
};

/**
 * Where the visitor is in the checkout (spec §2 "Step navigation"): an ordered list of this site's
 * steps, the current one marked with aria-current="step", earlier ones ticked and announced as done.
 * Not links: going back is each screen's own decision (the ?ref=c returns).
 */
export function StepIndicator({ current }: { current: BookingStep }) {
  const { t } = useTranslation();
  const steps = useBookingSteps();
  const currentIndex = steps.indexOf(current);

  return (
    <div className="step-indicator">
      <ol className="step-indicator__list" aria-label={t('booking_steps_label')}>
        {steps.map((step, index) => {
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo';
          return (
            <li
              key={step}
              className={`step-indicator__step step-indicator__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="step-indicator__marker" aria-hidden="true">
                {state === 'done' ? (
                  <svg viewBox="0 0 16 16" width="14" height="14" focusable="false">
                    <path
                      d="M3.5 8.5l3 3 6-7"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                ) : (
                  index + 1
                )}
              </span>
              <span className="step-indicator__label">
                {t(LABEL_KEYS[step])}
                {state === 'done' ? (
                  <span className="visually-hidden"> ({t('booking_step_done')})</span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
      {currentIndex >= 0 ? (
        <p className="visually-hidden">
          {t('booking_step_position', { current: currentIndex + 1, total: steps.length })}
        </p>
      ) : null}
    </div>
  );
}
