import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { STRIPE_TEST_CARDS } from '@kippu/contract/stripe-test-cards';
import type { RuleSpec } from '@kippu/contract/validation/rules';
import { useActiveLang } from '../hooks/use-active-lang.ts';
import { FormField } from '../ui/form-field.tsx';
import { toRhfValidate } from '../validation/index.ts';
import type { PaymentValues } from './card-fields.tsx';
import { loadStripeJs, STRIPE_LOCALES, type StripeCardElement, type StripeJs } from './stripe-card.ts';

/** What the form needs at submit: Stripe.js and the mounted card Element. */
export type StripeCardHandle = { stripe: StripeJs; card: StripeCardElement };

const NAME_RULES: RuleSpec[] = ['required', 'cardName', 'cardNameContainingHalfWidthSpaces'];

const printed = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1\u00a0');
const TEST_CARD_HINT = {
  success: printed(STRIPE_TEST_CARDS.success),
  challenge: printed(STRIPE_TEST_CARDS.challenge),
  decline: printed(STRIPE_TEST_CARDS.decline),
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

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let gone = false;
    loadStripeJs(scriptUrl).then(
      (Stripe) => {
        if (gone || !mountPoint.current) return;
        const locale = STRIPE_LOCALES[lang];
        const stripe = Stripe(publishableKey, { locale });
        card = stripe.elements({ locale }).create('card');
        card.mount(mountPoint.current);
        onHandle({ stripe, card });
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

  const nameLabel = t('payment_card_name');
  const { errors } = form.formState;
  const cardName = form.register('cardName', {
    validate: toRhfValidate(NAME_RULES, { t, field: nameLabel }),
  });

  return (
    <>
      {testMode ? (
        <div className="payment-test-mode">
          <p className="payment-test-mode__title">{t('payment_test_mode_title')}</p>
          <p className="payment-test-mode__text">{t('payment_stripe_test_mode_text', TEST_CARD_HINT)}</p>
        </div>
      ) : null}
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
          aria-describedby="payment-stripe-card-hint"
          role="group"
          data-state={state}
        />
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
      <FormField
        id="payment-card-name"
        label={nameLabel}
        required
        hint={t('payment_card_name_hint')}
        error={errors.cardName?.message}
      >
        {(control) => (
          <input
            className="form-field__input"
            type="text"
            autoComplete="cc-name"
            autoCapitalize="characters"
            spellCheck={false}
            {...control}
            {...cardName}
          />
        )}
      </FormField>
    </>
  );
}
