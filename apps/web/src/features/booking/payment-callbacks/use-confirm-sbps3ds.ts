import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { ApiError } from '../../../shared/api/api-client.ts';
import { serverErrorCode } from '../../../shared/api/api-error.ts';
import { showErrorDialog } from '../../../shared/api/error-dialog.ts';
import { finishPurchase } from '../../../shared/purchase/finish-purchase.ts';
import { finishSpotPurchase } from '../../../shared/purchase/spot-purchase.ts';
import { spotOrderAwayForPayment } from '../../../shared/stores/spot-payment-away.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { CONFIRM_CALL, confirmCheckout, paidOrder } from './api/sbps3ds-calls.ts';
import { paymentFailureOf, usePaymentOutcome } from './use-payment-outcome.ts';

export type Sbps3dsState = 'checking' | 'failed' | 'missing';

/**
 * Back from SoftBank's 3-D Secure (spec §2 `/payment-callback/sbps3ds`, §7 confirmcheckout; ADR 027): asks
 * the server once (it asks the gateway; the answer is the same however often the page is reloaded).
 * Reserved: the purchase finishes like a checkout and the complete page shows (a spot purchase: the spot
 * mail-sent screen; the ticket page when this browser does not hold the order).
 * Failed: SoftBank's card page comes back here both when the 3-D Secure check failed and when the card
 * was refused, and the server tells them apart. A failed check answers the spec's 3-D Secure failure
 * fields and is followed as GMO's 3-D Secure return is (usePaymentOutcome: the retry dialog back to the
 * matching payment page, or the payment error page); any other failure shows the catalogue's dialog (a
 * refused card: payment_api_failure, back to the payment page when it closes; shared error navigation),
 * `critical refund error` then the payment error page's inquiry variant.
 */
export function useConfirmSbps3ds(paymentNumber: string | null): Sbps3dsState {
  const navigate = useNavigate();
  const outcome = usePaymentOutcome();
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
        setState('failed');
        const failure = paymentFailureOf(error);
        if (failure) {
          outcome.failed(failure, paymentNumber);
          return;
        }
        const body = error.response?.data;
        showErrorDialog(body, CONFIRM_CALL);
        if (serverErrorCode(body) === 'critical_refund_error') {
          navigate(`${paths.paymentError.getHref()}?inquiry=true`, { replace: true });
        }
      }
    })();
  }, [navigate, outcome, paymentNumber]);

  return state;
}
