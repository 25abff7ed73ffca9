import type { DiscountType } from '../enums.ts';

/**
 * Discount of one coupon on a price (spec §9): percent is floor(price × rate / 100), fixed is the amount.
 * Never more than the price itself, so a total cannot go below zero.
 */
export function discountAmount(price: number, type: DiscountType, value: number): number {
  if (!Number.isInteger(price) || price < 0 || !Number.isInteger(value) || value < 0) {
    throw new RangeError('price and discount value must be non-negative integers');
  }
  const amount = type === 'percent' ? Math.floor((price * value) / 100) : value;
  return Math.min(amount, price);
}
