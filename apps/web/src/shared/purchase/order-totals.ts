import type { TemporaryOrder } from '@kippu/contract/endpoints/orders';

export type OrderTotals = {
  /** Ticket types and add-ons at their prices, before any discount. */
  subtotal: number;
  /** What the coupons and a membership promotion take off. */
  discount: number;
  /** What the visitor pays: the server's price, never recomputed here. */
  total: number;
};

/** The money lines of the confirm screen, from the temporary order (spec §3, §9). */
export function orderTotals(order: TemporaryOrder): OrderTotals {
  const lines = [...order.main_product.order_options, ...order.set_products];
  const subtotal = lines.reduce((sum, line) => sum + line.add_cost * line.quantity, 0);
  const couponDiscount = order.coupons.reduce((sum, coupon) => sum + coupon.coupon_discount, 0);
  const membershipDiscount = order.membership_promotion?.membership_discount ?? 0;
  return { subtotal, discount: couponDiscount + membershipDiscount, total: order.price };
}
