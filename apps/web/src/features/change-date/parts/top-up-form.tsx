import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CardFields, type PaymentValues } from '../../../shared/payments/card-fields.tsx';
import { CardTokenError, createCardToken } from '../../../shared/payments/card-token.ts';
import type { PaymentOption, SavedPayment } from '../../../shared/payments/payment-options.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { VALIDATION_FORM_OPTIONS } from '../../../shared/validation/index.ts';
import { ChangeDatePanel } from './change-date-frame.tsx';

const EMPTY_CARD = { cardNumber: '', expiryMonth: '', expiryYear: '', securityCode: '', cardName: '' };

/**
 * The top-up's method and card (the booking's card entry, shared/payments): the card becomes a one-time
 * token through the gateway's script on submit; only the token and the masked number are kept
 * (changeDatePayment) for the payment-confirm screen, where the top-up is charged.
 */
export function TopUpForm({
  options: offered,
  initialMethod,
  onSaved,
}: {
  options: PaymentOption[];
  initialMethod?: string;
  onSaved: (payment: SavedPayment) => void;
}) {
  const { t } = useTranslation();
  // The top-up takes token-script cards (and free); Stripe.js cards and carrier billing (ADR 028) are
  // booking-only for now.
  const options = offered.filter(
    (option): option is Exclude<PaymentOption, { kind: 'carrier' | 'wallet' }> =>
      option.kind === 'card' || option.kind === 'free',
  );
  const [tokenizing, setTokenizing] = useState(false);
  const [defaultValues] = useState<PaymentValues>(() => ({
    method: options.find((option) => option.method === initialMethod)?.method ?? options[0]!.method,
    ...EMPTY_CARD,
  }));
  const form = useForm<PaymentValues>({ ...VALIDATION_FORM_OPTIONS, defaultValues });
  const method = useWatch({ control: form.control, name: 'method' });
  const chosen = options.find((option) => option.method === method) ?? options[0]!;

  const submit = async (values: PaymentValues) => {
    if (chosen.kind === 'free') return onSaved({ method: 'free' });
    // Only token-script cards reach here (the filter above); this narrows the type for the token call.
    if (chosen.kind !== 'card') return;
    setTokenizing(true);
    try {
      const card = await createCardToken(chosen, {
        number: values.cardNumber,
        month: values.expiryMonth,
        year: values.expiryYear,
        securityCode: values.securityCode,
        name: values.cardName,
      });
      onSaved({ method: chosen.method, token: card.token, maskedCardNo: card.maskedCardNo });
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
    <form noValidate onSubmit={form.handleSubmit(submit)} className="change-date-form">
      {chosen.kind === 'card' ? (
        <>
          <ChangeDatePanel>
            <fieldset className="payment-methods">
              <legend className="change-date-panel__title">{t('payment_method_legend')}</legend>
              {options.map((option) =>
                option.kind === 'card' ? (
                  <label key={option.method} className="payment-method">
                    <input
                      type="radio"
                      value={option.method}
                      className="payment-method__radio"
                      {...form.register('method')}
                    />
                    <span className="payment-method__name">{option.name}</span>
                  </label>
                ) : null,
              )}
            </fieldset>
          </ChangeDatePanel>
          <ChangeDatePanel id="change-date-card" title={t('payment_card_legend')}>
            <CardFields form={form} testMode={chosen.testMode} now={() => new Date()} />
          </ChangeDatePanel>
        </>
      ) : null}
      <div className="change-date-actions">
        <button type="submit" className="button button--primary" disabled={tokenizing}>
          {t('payment_submit')}
        </button>
      </div>
    </form>
  );
}
