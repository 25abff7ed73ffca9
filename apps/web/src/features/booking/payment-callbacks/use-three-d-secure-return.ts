import { useEffect, useRef } from 'react';
import type { CallbackAnswer } from '@kippu/contract/endpoints/checkout';
import { paymentFailureOf, usePaymentOutcome } from './use-payment-outcome.ts';

type Options = {
  /** Asks the server for the payment's outcome; null when the return names no payment. */
  confirm: (() => Promise<CallbackAnswer>) | null;
  /** The payment number, quoted on the payment error page when the money must be refunded by hand. */
  reference: string | null;
  /** The return names no payment. */
  missing: () => void;
  /** A failure without the spec's 3-D Secure failure fields: each gateway's screen says it its own way. */
  unexplained: (error: unknown) => void;
};

/**
 * What GMO's (`/payment-callback/gmo3ds`) and SoftBank's (`/payment-callback/sbps3ds`) 3-D Secure returns
 * share, so a booking, a spot purchase and a change of date end alike whichever gateway checked the card:
 * the server is asked once (a ref keeps React's double effects to one call; its answer is the same however
 * often it is asked) and its answer followed as every payment callback follows it (usePaymentOutcome,
 * spec §4 3DS return):
 *  - reserved: the flow's complete screen (a change of date's top-up: the change's own);
 *  - redirect: the gateway still waits for the visitor (a challenge left open), so back to it;
 *  - the spec's failure fields: the retry dialog to the matching payment page (the change's, the spot
 *    one's), or the payment error page when it may not be retried.
 */
export function useThreeDSecureReturn({ confirm, reference, missing, unexplained }: Options): void {
  const outcome = usePaymentOutcome();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!confirm) {
      missing();
      return;
    }
    confirm().then(
      (result) =>
        result.status === 'reserved' ? outcome.reserved(result) : window.location.assign(result.redirect_url),
      (error: unknown) => {
        const failure = paymentFailureOf(error);
        if (failure) outcome.failed(failure, reference);
        else unexplained(error);
      },
    );
  }, [confirm, reference, missing, unexplained, outcome]);
}
