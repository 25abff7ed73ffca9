import { useTranslation } from 'react-i18next';
import { PaymentMethodFields, usePaymentMethodForm } from '../../../shared/payments/payment-method-form.tsx';
import type { PaymentOption, SavedPayment } from '../../../shared/payments/payment-options.ts';
import type { PaymentValues } from '../../../shared/payments/payment-values.ts';
import { ChangeDatePanel } from './change-date-frame.tsx';

/**
 * The top-up's method and card (the booking's method form, shared/payments): the card becomes a one-time
 * token through the gateway's script on submit; only the token and the masked number are kept
 * (changeDatePayment) for the payment-confirm screen, where the top-up is charged. The screen offers only
 * what the top-up can take (TOP_UP_KINDS).
 */
export function TopUpForm({
  options,
  initialMethod,
  onSaved,
}: {
  options: PaymentOption[];
  initialMethod?: string;
  onSaved: (payment: SavedPayment) => void;
}) {
  const { t } = useTranslation();
  const payment = usePaymentMethodForm(options, initialMethod);

  const submit = async (values: PaymentValues) => {
    const saved = await payment.takePayment(values);
    if (saved) onSaved(saved);
  };

  return (
    <form noValidate onSubmit={payment.form.handleSubmit(submit)} className="change-date-form">
      <PaymentMethodFields
        payment={payment}
        Panel={ChangeDatePanel}
        titleClassName="change-date-panel__title"
        textClassName="change-date-text"
        idPrefix="change-date"
      />
      <div className="change-date-actions">
        <button type="submit" className="button button--primary" disabled={payment.tokenizing}>
          {t('payment_submit')}
        </button>
      </div>
    </form>
  );
}
