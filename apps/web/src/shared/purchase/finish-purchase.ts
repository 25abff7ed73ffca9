import type { TemporaryOrder } from '@kippu/contract/endpoints/orders';
import { recordCompletePurchase } from '../analytics/complete-event.ts';
import { useCoreStore } from '../stores/core-store.ts';
import type { CompleteData } from './complete-data.ts';
import { orderTotals } from './order-totals.ts';

export type Reservation = { token: string; number: string };

function completeDataOf(order: TemporaryOrder, reservation: Reservation): CompleteData {
  const { main_product: product } = order;
  const { total, discount } = orderTotals(order);
  return {
    reservationNumber: reservation.number,
    reservationToken: reservation.token,
    email: order.customer_info.find((entry) => entry.key === 'email')?.value ?? null,
    productName: product.product_name,
    productType: product.sale_type,
    startsAt: product.reservation_from,
    endsAt: product.reservation_to,
    ticketCount: product.order_options.reduce((sum, option) => sum + option.quantity, 0),
    totalPrice: total,
    discount,
  };
}

/**
 * A purchase is reserved (checkout at once, or after a gateway's page and its callback): the completion data
 * is stored, the `complete` analytics event pushed, and the order's saved pages and token cleared (spec §4
 * order reset: the order is done). The caller then shows the complete page. Shared by the confirm screen
 * and the payment callbacks, so every way a purchase ends does the same.
 */
export function finishPurchase(order: TemporaryOrder, reservation: Reservation): void {
  const store = useCoreStore.getState();
  // The member's price goes with the completion data (spec §3 "membership promotion data"): the complete page
  // shows it from there after the order itself is gone, and a later purchase without one clears it.
  const promotion = order.membership_promotion;
  store.set({
    completeData: completeDataOf(order, reservation),
    membershipPromotion: promotion && promotion.membership_discount > 0 ? promotion : null,
  });
  // The conversion data goes with the event before the reset below clears it (spec §3, §5).
  void recordCompletePurchase(reservation.token, store.gtmConversionData);
  store.resetOrder();
  store.set({ orderToken: null, mailToken: null, paymentNumber: null, gtmConversionData: null });
}
