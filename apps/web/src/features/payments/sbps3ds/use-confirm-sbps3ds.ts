import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { ApiError } from '../../../shared/api/api-client.ts';
import { serverErrorCode } from '../../../shared/api/api-error.ts';
import { finishPurchase } from '../../../shared/purchase/finish-purchase.ts';
import { finishSpotPurchase } from '../../../shared/purchase/spot-purchase.ts';
import { spotOrderAwayForPayment } from '../../../shared/stores/spot-payment-away.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { confirmCheckout, paidOrder } from './sbps3ds-calls.ts';

export type Sbps3dsState = 'checking' | 'failed' | 'missing';

/**
 * Back from SoftBank's 3-D Secure (spec §2 `/payment-callback/sbps3ds`, §7 confirmcheckout; ADR 027): asks
 * the server once (it asks the gateway; the answer is the same however often the page is reloaded).
 * Reserved: the purchase finishes like a checkout and the complete page shows (a spot purchase: the spot
 * mail-sent screen; the ticket page when this browser does not hold the order). A failure has shown its
 * dialog; `payment_api_failure` goes back to the payment page when it closes (shared error navigation,
 * spec §4), `critical refund error` to the payment error page's inquiry variant.
 */
export function useConfirmSbps3ds(paymentNumber: string | null): Sbps3dsState {
  const navigate = useNavigate();
  const [state, setState] = useState<Sbps3dsState>(paymentNumber ? 'checking' : 'missing');
  const started = useRef(false);

  useEffect(() => {
    if (!paymentNumber || started.current) return;
    started.current = true;
    void (async () => {
      try {
        const result = await confirmCheckout({
          payment_number: paymentNumber,
          payment_method_type: 'softbank_3ds',
        });
        if (result.status === 'redirect') {
          // The gateway still waits for the visitor (the challenge was left open): back to it.
          window.location.assign(result.redirect_url);
          return;
        }
        const reservation = { token: result.reservation_token, number: result.reservation_number };
        const spotOrderToken = spotOrderAwayForPayment();
        if (spotOrderToken) {
          finishSpotPurchase(await paidOrder(spotOrderToken), reservation);
          useCoreStore.getState().set({ paymentNumber: null });
          navigate(paths.spotEmailSended.getHref({ reservationToken: reservation.token }), { replace: true });
          return;
        }
        const orderToken = useCoreStore.getState().orderToken;
        if (!orderToken) {
          navigate(paths.ticket.getHref({ reservationToken: reservation.token }), { replace: true });
          return;
        }
        const order = await paidOrder(orderToken);
        navigate(paths.complete.getHref(), { replace: true });
        finishPurchase(order, reservation);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (serverErrorCode(error.response?.data) === 'critical_refund_error') {
          navigate(`${paths.paymentError.getHref()}?inquiry=true`, { replace: true });
          return;
        }
        setState('failed');
      }
    })();
  }, [navigate, paymentNumber]);

  return state;
}
