import type { TimeChangeResponse } from '@kippu/contract/endpoints/time-change';
import { useTicketStore } from '../../../shared/stores/ticket-store.ts';

/**
 * What a completed change's payment came to, kept in the ticket state's `changeDatePaymentResult` (spec §3,
 * session storage) for the complete screen: the top-up paid, what was refunded (the site's policy: nothing)
 * and the price difference that refund answers. Written when the change completes, whether on our checkout
 * or back from the gateway's page, so a reload of the complete screen still says what was paid.
 */
export type ChangePaymentResult = {
  reservationToken: string;
  paid: number;
  refunded: number;
  priceDifference: number;
};

export function storeChangePaymentResult(reservationToken: string, change: TimeChangeResponse): void {
  const result: ChangePaymentResult = {
    reservationToken,
    paid: change.top_up,
    refunded: change.refund,
    priceDifference: change.price_difference,
  };
  useTicketStore.getState().set({ changeDatePaymentResult: result });
}

/** The stored result of `reservationToken`'s change, or null (another change's, or an older shape). */
export function changePaymentResultOf(stored: unknown, reservationToken: string): ChangePaymentResult | null {
  if (!stored || typeof stored !== 'object') return null;
  const result = stored as Partial<ChangePaymentResult>;
  const numbers = [result.paid, result.refunded, result.priceDifference];
  return result.reservationToken === reservationToken && numbers.every((n) => typeof n === 'number')
    ? (result as ChangePaymentResult)
    : null;
}
