import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TemporaryOrder } from '@kippu/contract/endpoints/orders';
import { paths } from '../../../shared/routing/paths.ts';
import { ApiError } from '../../../shared/api/api-client.ts';
import { leaveForGateway } from '../../../shared/payments/leave-for-gateway.ts';
import { PaymentMethodFields, usePaymentMethodForm } from '../../../shared/payments/payment-method-form.tsx';
import type { PaymentOption } from '../../../shared/payments/payment-options.ts';
import type { PaymentValues } from '../../../shared/payments/payment-values.ts';
import { finishSpotPurchase } from '../../../shared/purchase/spot-purchase.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { checkoutSpotOrder } from '../api/spot-calls.ts';
import { SpotPanel } from '../spot-frame.tsx';

/**
 * The spot payment: the spot channel's method and the card (the payment-method form shared with booking);
 * the e-mail address and the other details were given on `/spot/order-fields` (ADR 109). Pay = the card
 * turned into a one-time token (token script or Stripe.js), then checkout. Reserved: the purchase is remembered on this
 * phone and the mail-sent screen shows (which ends the spot order in progress: cleared here, this screen
 * would first send the visitor back to the order). Redirect: off to the gateway's page; the payment
 * callback finishes the purchase the same way when it comes back.
 */
export function SpotPaymentForm({
  orderToken,
  order,
  options,
  now,
}: {
  orderToken: string;
  order: TemporaryOrder;
  options: PaymentOption[];
  now?: () => Date;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<'idle' | 'paying' | 'leaving'>('idle');
  const inFlight = useRef(false);
  const payment = usePaymentMethodForm(options);
  const { form } = payment;

  const pay = async (values: PaymentValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPhase('paying');
    try {
      const taken = await payment.takePayment(values);
      if (!taken) {
        // The card was refused or the gateway not reached: its dialog is open; the visitor tries again.
        inFlight.current = false;
        setPhase('idle');
        return;
      }
      const result = await checkoutSpotOrder(orderToken, {
        payment_method_type: taken.method,
        token: taken.token,
        masked_card_number: taken.maskedCardNo,
      });
      setPhase('leaving');
      if (result.status === 'redirect') {
        // 3-D Secure or a wallet's cashier: the payment callback it returns to asks the server about this
        // payment (a return without its number, as Stripe's, reads it here) and ends on the screens of the
        // flow the server names (ADR 059).
        useCoreStore.getState().set({ paymentNumber: result.payment_number });
        leaveForGateway(result.redirect_url);
        return;
      }
      finishSpotPurchase(order, { token: result.reservation_token, number: result.reservation_number });
      navigate(paths.spotEmailSended.getHref({ reservationToken: result.reservation_token }), {
        replace: true,
      });
    } catch (error) {
      inFlight.current = false;
      setPhase('idle');
      if (!(error instanceof ApiError)) throw error;
    }
  };

  const busy = phase !== 'idle';
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(pay)(event)}>
      <PaymentMethodFields
        payment={payment}
        Panel={SpotPanel}
        titleClassName="spot-panel__title"
        textClassName="spot-panel__text"
        idPrefix="spot"
        redirectTextKey="spot_redirect_text"
        now={now}
      />
      <div className="spot-bar">
        <button
          type="submit"
          className="button button--primary spot-bar__submit"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? t('confirm_checkout_processing') : t('spot_pay')}
        </button>
        <p className="spot-bar__status" role="status">
          {busy ? t('confirm_checkout_wait') : ''}
        </p>
      </div>
    </form>
  );
}
