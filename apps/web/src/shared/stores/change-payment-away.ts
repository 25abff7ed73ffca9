import { useCoreStore } from './core-store.ts';
import { useTicketStore, type ChangeTokens } from './ticket-store.ts';

/**
 * Whether a payment away on a gateway's page is a change of date's top-up: the payment callbacks and the
 * error navigation (app layer, so in the first chunk: hence here with the stores) must finish it on the
 * change's screens, not the booking's.
 */

/**
 * The change-of-date checkout answered `redirect`: before the browser leaves, the payment number is kept
 * with the change it pays for and as the last payment that left (core `paymentNumber`, which the callbacks
 * read when a return does not carry it). A booking or spot checkout that leaves later overwrites only the
 * latter, so the callbacks know the return is no longer the change's.
 */
export function rememberChangePaymentAway(paymentNumber: string, change: ChangeTokens): void {
  useTicketStore.getState().set({ changeDatePaymentAway: { ...change, paymentNumber } });
  useCoreStore.getState().set({ paymentNumber });
}

/**
 * The change of date a payment callback is finishing: the one whose top-up was the last payment to leave
 * for a gateway's page from this browser, or null when the return is another flow's. A change merely left
 * on its payment-confirm screen (its payment saved, never sent) is not away.
 */
export function changeAwayForPayment(): ChangeTokens | null {
  const away = useTicketStore.getState().changeDatePaymentAway;
  if (!away || away.paymentNumber !== useCoreStore.getState().paymentNumber) return null;
  return { reservationToken: away.reservationToken, timechangeToken: away.timechangeToken };
}
