import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TemporaryOrder } from '@kippu/contract/endpoints/orders';
import { completeHref } from '../../../shared/kiosk/kiosk-store.ts';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { checkoutOrder } from './api/confirm-calls.ts';
import { leaveForGateway } from '../../../shared/payments/leave-for-gateway.ts';
import { finishPurchase } from '../../../shared/purchase/finish-purchase.ts';
import { checkoutBody, type PaymentChoice } from './payment-choice.ts';

/** idle → submitting (the call is in flight) → leaving (reserved, or off to the gateway): never twice. */
export type CheckoutPhase = 'idle' | 'submitting' | 'leaving';

/**
 * Checkout from the confirm screen (spec §4, §7). One submission at a time: a ref guards against a second
 * click before React re-renders the disabled button. Reserved: the completion data is stored, the `complete`
 * analytics event is pushed, the order's saved pages and token are cleared (spec §4 order reset: the order is
 * done) and the complete page shows. Redirect: the payment number is kept for the callback and the browser
 * goes to the gateway. A failure has shown its dialog (and error navigation may move on); the button is
 * enabled again.
 */
export function useCheckout() {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<CheckoutPhase>('idle');
  const inFlight = useRef(false);

  const submit = async (orderToken: string, order: TemporaryOrder, payment: PaymentChoice) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPhase('submitting');
    try {
      const result = await checkoutOrder(orderToken, checkoutBody(payment));
      setPhase('leaving');
      const store = useCoreStore.getState();
      if (result.status === 'redirect') {
        store.set({ paymentNumber: result.payment_number });
        leaveForGateway(result.redirect_url);
        return;
      }
      navigate(completeHref(result.reservation_token), { replace: true });
      finishPurchase(order, { token: result.reservation_token, number: result.reservation_number });
    } catch (error) {
      inFlight.current = false;
      setPhase('idle');
      if (!(error instanceof ApiError)) throw error;
    }
  };

  return { phase, submit };
}
