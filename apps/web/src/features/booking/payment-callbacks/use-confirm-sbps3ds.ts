import { useState } from 'react';
import { ApiError } from '../../../shared/api/api-client.ts';
import { serverErrorCode } from '../../../shared/api/api-error.ts';
import { showErrorDialog } from '../../../shared/api/error-dialog.ts';
import { CONFIRM_CALL, confirmCheckout } from './api/sbps3ds-calls.ts';
import { usePaymentOutcome } from './use-payment-outcome.ts';
import { useThreeDSecureReturn } from './use-three-d-secure-return.ts';

export type Sbps3dsState = 'checking' | 'failed' | 'missing';

/**
 * Back from SoftBank's 3-D Secure (spec §2 `/payment-callback/sbps3ds`, §7 confirmcheckout; ADR 027): asks
 * the server (it asks the gateway) and follows the answer exactly as GMO's 3-D Secure return does
 * (useThreeDSecureReturn): a booking, a spot purchase and a change of date's top-up each end on their own
 * complete screen, and a failed check (the spec's 3-D Secure failure fields) shows the retry dialog back to
 * the matching payment page, or the payment error page.
 * SoftBank's card page also comes back here when the card was refused, which the server answers with the
 * catalogue's error alone: its dialog (payment_api_failure: back to the payment page of the flow the
 * callback URL names, `?flow=`, when it closes), `critical refund error` then the payment error page's inquiry variant,
 * as GMO's return reaches it.
 */
export function useConfirmSbps3ds(paymentNumber: string | null): Sbps3dsState {
  const outcome = usePaymentOutcome();
  const [state, setState] = useState<Sbps3dsState>(paymentNumber ? 'checking' : 'missing');

  useThreeDSecureReturn({
    confirm: paymentNumber
      ? () =>
          confirmCheckout({ payment_number: paymentNumber, payment_method_type: 'softbank_3ds' }).catch(
            (error: unknown) => {
              // Behind the dialog, or until the next screen shows: the screen says the payment failed.
              setState('failed');
              throw error;
            },
          )
      : null,
    reference: paymentNumber,
    // The screen offers to pay again.
    missing: () => undefined,
    unexplained: (error) => {
      const body = error instanceof ApiError ? error.response?.data : undefined;
      // The answer names no flow: the callback URL's `flow` (the server's return route put it there) does,
      // for the dialog's navigation too (app/use-error-navigation.ts).
      showErrorDialog(body, CONFIRM_CALL);
      if (serverErrorCode(body) === 'critical_refund_error') {
        outcome.paymentError({
          timeChange: outcome.urlFlow === 'change_date',
          inquiry: true,
          reference: paymentNumber,
        });
      }
    },
  });

  return state;
}
