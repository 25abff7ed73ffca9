import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { STRIPE_TEST_CARDS } from '@kippu/contract/stripe-test-cards';
import { useActiveLang } from '../hooks/use-active-lang.ts';
import { CardNameField, printedCardNumber, TestModeHint } from './card-entry-parts.tsx';
import type { PaymentValues } from './payment-values.ts';
import { loadStripeJs, STRIPE_LOCALES, type StripeCardElement, type StripeJs } from './stripe-card.ts';

/**
 * What the form needs at submit: Stripe.js, the mounted card Element, and whether the Element holds a whole
 * card (`complete`, from its change events); `flagIncomplete` says so under the Element and focuses it.
 */
export type StripeCardHandle = {
  stripe: StripeJs;
  card: StripeCardElement;
  isComplete: () => boolean;
  flagIncomplete: () => void;
};

const TEST_CARD_HINT = {
  success: printedCardNumber(STRIPE_TEST_CARDS.success),
  challenge: printedCardNumber(STRIPE_TEST_CARDS.challenge),
  decline: printedCardNumber(STRIPE_TEST_CARDS.decline),
};

/**
 * Card entry for Stripe (methods stripe, stripe_secure): Stripe's card Element (number, expiry, security
 * code; Stripe checks and localises them) and the name on the card under the spec §5 rules. The Element is
 * mounted once per method and language; `onHandle` receives it for the submit.
 */
export function StripeCardFields({
  form,
  scriptUrl,
  publishableKey,
  testMode,
  onHandle,
}: {
  form: UseFormReturn<PaymentValues>;
  scriptUrl: string;
  publishableKey: string;
  testMode: boolean;
  onHandle: (handle: StripeCardHandle | null) => void;
}) {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const mountPoint = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  // Stripe's own (localised) message while the card is being typed; ours after a submit before it is whole.
  const [stripeError, setStripeError] = useState<string | null>(null);
  const [flaggedIncomplete, setFlaggedIncomplete] = useState(false);
  const cardError = stripeError ?? (flaggedIncomplete ? t('payment_stripe_card_incomplete') : null);

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let gone = false;
    loadStripeJs(scriptUrl).then(
      (Stripe) => {
        if (gone || !mountPoint.current) return;
        const locale = STRIPE_LOCALES[lang];
        const stripe = Stripe(publishableKey, { locale });
        const element = stripe.elements({ locale }).create('card');
        // A new Element starts empty: no message left from the one it replaces (another language's, say).
        setStripeError(null);
        setFlaggedIncomplete(false);
        card = element;
        let complete = false;
        element.on('change', (event) => {
          complete = event.complete === true;
          setStripeError(event.error?.message ?? null);
          setFlaggedIncomplete(false);
        });
        element.mount(mountPoint.current);
        onHandle({
          stripe,
          card: element,
          isComplete: () => complete,
          flagIncomplete: () => {
            setFlaggedIncomplete(true);
            element.focus();
          },
        });
        setState('ready');
      },
      () => !gone && setState('failed'),
    );
    return () => {
      gone = true;
      card?.destroy();
      onHandle(null);
    };
  }, [scriptUrl, publishableKey, lang, onHandle, attempt]);

  return (
    <>
      {testMode ? <TestModeHint textKey="payment_stripe_test_mode_text" cards={TEST_CARD_HINT} /> : null}
      <div className="form-field">
        <p className="form-field__label" id="payment-stripe-card-label">
          {t('payment_stripe_card_label')}
        </p>
        <p className="form-field__hint" id="payment-stripe-card-hint">
          {t('payment_stripe_card_hint')}
        </p>
        <div
          ref={mountPoint}
          className="payment-stripe-card"
          aria-labelledby="payment-stripe-card-label"
          aria-describedby={`payment-stripe-card-hint${cardError ? ' payment-stripe-card-error' : ''}`}
          role="group"
          data-state={state}
        />
        {cardError ? (
          <p className="form-field__error" id="payment-stripe-card-error" role="alert">
            {cardError}
          </p>
        ) : null}
        {state === 'loading' ? (
          <p className="form-field__hint" role="status">
            {t('payment_stripe_loading')}
          </p>
        ) : null}
        {state === 'failed' ? (
          <div role="alert">
            <p className="form-field__error">{t('payment_stripe_unavailable')}</p>
            <button
              type="button"
              className="button"
              onClick={() => {
                setState('loading');
                setAttempt((count) => count + 1);
              }}
            >
              {t('checkout_retry')}
            </button>
          </div>
        ) : null}
      </div>
      <CardNameField form={form} />
    </>
  );
}
