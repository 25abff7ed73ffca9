import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { VALIDATION_FORM_OPTIONS } from '../../../shared/validation/index.ts';
import { CheckoutPanel } from '../checkout-page/checkout-page.tsx';
import { useNextStep } from '../steps/booking-steps.ts';
import { CardFields, type PaymentValues } from '../../../shared/payments/card-fields.tsx';
import { CardTokenError, createCardToken } from '../../../shared/payments/card-token.ts';
import type { PaymentOption, SavedPayment } from '../../../shared/payments/payment-options.ts';
import { createStripePaymentMethod } from '../../../shared/payments/stripe-card.ts';
import { StripeCardFields, type StripeCardHandle } from '../../../shared/payments/stripe-card-fields.tsx';

const EMPTY_CARD = { cardNumber: '', expiryMonth: '', expiryYear: '', securityCode: '', cardName: '' };

function CardIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <rect
        x="2.5"
        y="5"
        width="19"
        height="14"
        rx="2.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
      <path d="M2.5 9.5h19" stroke="currentColor" strokeWidth="2.4" />
      <path d="M6 15h4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <rect
        x="6.5"
        y="2.5"
        width="11"
        height="19"
        rx="2.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
      <path d="M10.5 18.5h3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The payment form: the method (radio group), and for a card the card entry, turned into a one-time token
 * by the gateway's script on submit. The choice is saved for the confirm screen (savedPayment: method,
 * token, masked number; never the card itself), where checkout happens. A free order has nothing to
 * choose: it continues with `free`.
 */
export function PaymentForm({
  options,
  now = () => new Date(),
}: {
  options: PaymentOption[];
  now?: () => Date;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nextHref = useNextStep('payment');
  const [tokenizing, setTokenizing] = useState(false);
  const [stripeCard, setStripeCard] = useState<StripeCardHandle | null>(null);
  // A return from confirm (?ref=c) keeps the chosen method; the card itself is entered again.
  const [defaultValues] = useState<PaymentValues>(() => {
    const saved = useCoreStore.getState().savedPayment?.method;
    const method = options.find((option) => option.method === saved)?.method ?? options[0]!.method;
    return { method, ...EMPTY_CARD };
  });
  const form = useForm<PaymentValues>({ ...VALIDATION_FORM_OPTIONS, defaultValues });
  const method = useWatch({ control: form.control, name: 'method' });
  const chosen = options.find((option) => option.method === method) ?? options[0]!;

  const save = (payment: SavedPayment) => {
    useCoreStore.getState().set({ savedPayment: payment });
    navigate(nextHref);
  };

  const stripePaymentMethod = (name: string) => {
    if (!stripeCard) throw new CardTokenError('gateway');
    return createStripePaymentMethod(stripeCard.stripe, stripeCard.card, name);
  };

  const submit = async (values: PaymentValues) => {
    if (chosen.kind === 'free') return save({ method: 'free' });
    // Paid on the gateway's own pages after the confirm screen: nothing more to take here.
    if (chosen.kind === 'redirect') return save({ method: chosen.method });
    if (chosen.kind === 'carrier') return save({ method: chosen.method });
    setTokenizing(true);
    try {
      const card =
        chosen.kind === 'stripe'
          ? await stripePaymentMethod(values.cardName)
          : await createCardToken(chosen, {
              number: values.cardNumber,
              month: values.expiryMonth,
              year: values.expiryYear,
              securityCode: values.securityCode,
              name: values.cardName,
            });
      save({ method: chosen.method, token: card.token, maskedCardNo: card.maskedCardNo });
    } catch (error) {
      if (!(error instanceof CardTokenError)) throw error;
      useDialogStore.getState().open({
        titleKey: `payment_${error.reason}_error_title`,
        textKey: `payment_${error.reason}_error_text`,
        okButtonTextKey: 'error_dialog_ok',
      });
    } finally {
      setTokenizing(false);
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)}>
      {chosen.kind === 'free' ? (
        <CheckoutPanel>
          <p className="checkout-panel__text">{t('payment_free_text')}</p>
        </CheckoutPanel>
      ) : (
        <>
          <CheckoutPanel>
            <fieldset className="payment-methods">
              <legend className="checkout-panel__title">{t('payment_method_legend')}</legend>
              {options.map((option) =>
                option.kind !== 'free' ? (
                  <label key={option.method} className="payment-method">
                    <input
                      type="radio"
                      value={option.method}
                      className="payment-method__radio"
                      {...form.register('method')}
                    />
                    <span className="payment-method__name">{option.name}</span>
                    {option.kind === 'carrier' ? <PhoneIcon /> : <CardIcon />}
                  </label>
                ) : null,
              )}
            </fieldset>
          </CheckoutPanel>
          {chosen.kind === 'card' ? (
            <CheckoutPanel id="payment-card" title={t('payment_card_legend')}>
              <CardFields form={form} testMode={chosen.testMode} now={now} />
            </CheckoutPanel>
          ) : null}
          {chosen.kind === 'stripe' ? (
            <CheckoutPanel id="payment-card" title={t('payment_card_legend')}>
              <StripeCardFields
                key={chosen.method}
                form={form}
                scriptUrl={chosen.scriptUrl}
                publishableKey={chosen.shopId}
                testMode={chosen.testMode}
                onHandle={setStripeCard}
              />
            </CheckoutPanel>
          ) : null}
          {chosen.kind === 'redirect' ? (
            <CheckoutPanel id="payment-gateway-page">
              <p className="checkout-panel__text">{t('sbps_redirect_text')}</p>
            </CheckoutPanel>
          ) : null}
          {chosen.kind === 'carrier' ? (
            <CheckoutPanel id="payment-carrier">
              <p className="checkout-panel__text">{t('payment_dpay_note')}</p>
            </CheckoutPanel>
          ) : null}
        </>
      )}
      <div className="checkout-actions">
        <button type="submit" className="button button--primary" disabled={tokenizing}>
          {t('payment_submit')}
        </button>
      </div>
    </form>
  );
}
