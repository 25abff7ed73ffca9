import type { QueryClient } from '@tanstack/react-query';
import type { CheckoutResponse } from '@kippu/contract/endpoints/checkout';
import type { TimeChangeResponse } from '@kippu/contract/endpoints/time-change';
import { leaveForGateway } from '../../../shared/payments/leave-for-gateway.ts';
import { rememberChangePaymentAway } from '../../../shared/stores/change-payment-away.ts';
import { useTicketStore, type ChangeTokens } from '../../../shared/stores/ticket-store.ts';
import { storeChangePaymentResult } from './payment-result.ts';

/**
 * After checkout: a completed change stores what the complete screen shows (changeDateResult, cleared
 * separately from the order, spec §4) and answers true; a 3-D Secure challenge sends the browser to the
 * card issuer (it comes back through the payment callback) and answers false.
 */
export function finishChange(
  answer: CheckoutResponse,
  change: TimeChangeResponse,
  tokens: ChangeTokens,
  queryClient: QueryClient,
): boolean {
  if (answer.status === 'redirect') {
    // The payment callback it returns to, and its error dialogs, then end on this change's screens.
    rememberChangePaymentAway(answer.payment_number, tokens);
    leaveForGateway(answer.redirect_url);
    return false;
  }
  // The ticket page must be read again: its cached answer is forgotten, not merely marked stale, or "Show my
  // ticket" would first draw the old visit and its QR codes, which no longer admit, until the new answer came.
  queryClient.removeQueries({ queryKey: ['tickets'] });
  void queryClient.invalidateQueries({ queryKey: ['timechanges'] });
  // The change's data is cleared by the complete screen: clearing the payment here would send the
  // payment-confirm screen, still mounted, back to payment before the navigation to complete.
  useTicketStore.getState().set({
    changeDateResult: {
      reservationToken: answer.reservation_token,
      to: change.to,
      paid: change.top_up,
    },
  });
  storeChangePaymentResult(answer.reservation_token, change);
  return true;
}
