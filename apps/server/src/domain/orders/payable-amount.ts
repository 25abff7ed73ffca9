/**
 * What the holder of an order pays: its gross price less its discounts (the member's and the coupons'),
 * never below zero. Each discount is fixed on the gross price on its own (a coupon when entered, the
 * member's at login), so together they can exceed it; what they cannot cover is not paid out. Checkout
 * charges this, the order answer and the receipt show it, and a change of date compares it (ADR 040).
 */
export function payableAmount(grossPrice: number, discounts: number): number {
  return Math.max(0, grossPrice - discounts);
}
