import { useCoreStore } from './core-store.ts';
import { useSpotStore } from './spot-store.ts';

/**
 * Whose payment is away on a gateway's page (3-D Secure, a wallet's cashier): the payment callbacks and the
 * error navigation (app layer, so in the first chunk: hence here with the stores) must tell a spot
 * purchase from a booking.
 */

/**
 * The spot checkout answered `redirect`: before the browser leaves, the payment number is kept as the
 * spot order's and as the last payment that left (core `paymentNumber`, which the callbacks read when a
 * return does not carry it, as Stripe's does not). A booking checkout that leaves later overwrites only
 * the latter, so the callbacks know whose return it is.
 */
export function rememberSpotPaymentAway(paymentNumber: string): void {
  useSpotStore.getState().set({ paymentNumber });
  useCoreStore.getState().set({ paymentNumber });
}

/**
 * The spot order a payment callback is finishing: the one whose payment was the last to leave for a
 * gateway's page from this browser, or null when the return is the booking's.
 */
export function spotOrderAwayForPayment(): string | null {
  const { orderToken, paymentNumber } = useSpotStore.getState();
  return orderToken && paymentNumber && paymentNumber === useCoreStore.getState().paymentNumber
    ? orderToken
    : null;
}
