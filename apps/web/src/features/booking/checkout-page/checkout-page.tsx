import type { ReactNode } from 'react';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import type { BookingStep } from '../steps/booking-steps.ts';
import { HoldCountdown } from '../steps/hold-countdown.tsx';
import { StepIndicator } from '../steps/step-indicator.tsx';
import './checkout-page.css';

/**
 * The frame of the checkout screens after the order page (sign-in, mail sent, mail confirm, payment):
 * the hero title, the step indicator where the screen is a step, the hold's remaining time, and a
 * narrow column for the content.
 */
export function CheckoutPage({
  title,
  step,
  showHold = true,
  children,
}: {
  title: string;
  step?: BookingStep;
  showHold?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <ScreenHero title={title} />
      {step ? <StepIndicator current={step} /> : null}
      {showHold ? (
        <div className="checkout-hold">
          <HoldCountdown />
        </div>
      ) : null}
      <div className="checkout-page">{children}</div>
    </>
  );
}

/** One card of a checkout screen, titled by a second-level heading. */
export function CheckoutPanel({ title, id, children }: { title?: string; id?: string; children: ReactNode }) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section className="checkout-panel" id={id} aria-labelledby={title ? headingId : undefined}>
      {title ? (
        <h2 id={headingId} className="checkout-panel__title">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}
