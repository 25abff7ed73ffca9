import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { CheckoutPanel } from '../checkout-page/checkout-page.tsx';
import { useNextStep } from '../steps/booking-steps.ts';
import { PaymentMethodFields, usePaymentMethodForm } from '../../../shared/payments/payment-method-form.tsx';
import type { PaymentOption } from '../../../shared/payments/payment-options.ts';
import type { PaymentValues } from '../../../shared/payments/payment-values.ts';

/**
 * The payment form: the method (radio group), and for a card the card entry, turned into a one-time token
 * by the gateway's script on submit. The choice is saved for the confirm screen (savedPayment: method,
 * token, masked number; never the card itself), where checkout happens. A free order has nothing to
 * choose: it continues with `free`.
 */
export function PaymentForm({ options, now }: { options: PaymentOption[]; now?: () => Date }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nextHref = useNextStep('payment');
  // A return from confirm (?ref=c) keeps the chosen method; the card itself is entered again.
  const payment = usePaymentMethodForm(options, useCoreStore.getState().savedPayment?.method);

  const submit = async (values: PaymentValues) => {
    const saved = await payment.takePayment(values);
    if (!saved) return;
    useCoreStore.getState().set({ savedPayment: saved });
    navigate(nextHref);
  };

  return (
    <form noValidate onSubmit={payment.form.handleSubmit(submit)}>
      <PaymentMethodFields
        payment={payment}
        Panel={CheckoutPanel}
        titleClassName="checkout-panel__title"
        textClassName="checkout-panel__text"
        idPrefix="payment"
        now={now}
      />
      <div className="checkout-actions">
        <button type="submit" className="button button--primary" disabled={payment.tokenizing}>
          {t('payment_submit')}
        </button>
      </div>
    </form>
  );
}
