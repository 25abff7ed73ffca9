import type { TemporaryOrder } from '@kippu/contract/endpoints/orders';
import { useCoreStore } from '../stores/core-store.ts';
import { useSpotStore, useSpotTokensStore } from '../stores/spot-store.ts';
import type { Reservation } from './finish-purchase.ts';

/**
 * A spot purchase that is reserved (at checkout, or back from a gateway's page): the phone remembers it for
 * `/spot/ticket-inquiry` and the mail-sent screen, which then ends the spot order in progress.
 */
export function finishSpotPurchase(order: TemporaryOrder, reservation: Reservation): void {
  const product = order.main_product;
  useSpotTokensStore.getState().addTicket({
    reservationToken: reservation.token,
    reservationNumber: reservation.number,
    productName: product.product_name,
    productType: product.sale_type,
    startsAt: product.reservation_from,
    endsAt: product.reservation_to,
    count: product.quantity,
  });
  useSpotStore.getState().set({ paymentNumber: null });
}

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
