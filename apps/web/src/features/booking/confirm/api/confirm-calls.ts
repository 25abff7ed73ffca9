import type { CheckoutBody, CheckoutResponse } from '@kippu/contract/endpoints/checkout';
import type { OrderCoupon, RemoveOrderCouponResponse } from '@kippu/contract/endpoints/order-coupons';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../../shared/api/api-client.ts';

/** Checkout waits for the payment gateway, so the client gives it 240 000 ms (spec §7, §9). */
export const CHECKOUT_TIMEOUT_MS = 240_000;

/** POST /ordercoupons/{orderToken}: applies a coupon code; a refused code has shown its dialog and throws. */
export async function applyCoupon(orderToken: string, couponCode: string): Promise<OrderCoupon> {
  const { data } = await api.call(ROUTES.applyOrderCoupon, {
    params: { id: orderToken },
    body: { coupon_code: couponCode },
  });
  return data;
}

/** DELETE /ordercoupons/{orderToken}/{couponId}: answers the coupons left, discounts recomputed. */
export async function removeCoupon(orderToken: string, couponId: number): Promise<RemoveOrderCouponResponse> {
  const { data } = await api.call(ROUTES.removeOrderCoupon, { params: { id: orderToken, couponId } });
  return data;
}

/** POST /orders/checkout/{orderToken}: pays and reserves, or answers where the browser must go first. */
export async function checkoutOrder(orderToken: string, body: CheckoutBody): Promise<CheckoutResponse> {
  // Safe to repeat (the route says so): the server joins an attempt in flight or answers a finished one
  // again (ADR 047).
  const { data } = await api.call(ROUTES.checkout, {
    params: { id: orderToken },
    body,
    timeout: CHECKOUT_TIMEOUT_MS,
  });
  return data;
}
