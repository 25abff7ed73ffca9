import type { TemporaryOrder } from '@kippu/contract/endpoints/orders';
import { useSpotStore, useSpotTokensStore } from '../stores/spot-store.ts';
import { recordCompletePurchase } from '../analytics/complete-event.ts';
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
  // Paid: no longer a hold of this phone's list.
  const { orderToken } = useSpotStore.getState();
  if (orderToken) useSpotTokensStore.getState().removeOrderToken(orderToken);
  // Spot purchases report `complete` like web ones (spec §7; issue 32 item 17); analytics never blocks.
  void recordCompletePurchase(reservation.token, useSpotStore.getState().spotGtmConversionData);
}
