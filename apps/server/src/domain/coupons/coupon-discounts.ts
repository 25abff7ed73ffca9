import { discountAmount, type DiscountType } from '@kippu/contract';
import { AppError } from '../../shared/app-error.ts';

/** What the discounts of an order are computed from. */
export interface DiscountBase {
  /** The order's gross price (tickets and set products), minor units. */
  grossPrice: number;
  /** One entry per ticket: the unit price of its ticket type. */
  ticketPrices: number[];
}

export interface DiscountTerms {
  discountType: DiscountType;
  discountValue: number;
  isInvitation: boolean;
}

/**
 * The discount of every coupon on an order, in the order they were entered (ADR 008):
 * each one is taken from what the earlier ones left; a percent coupon is floor(left × rate / 100),
 * a fixed one its face value, an invitation the price of the dearest ticket no invitation covers yet.
 * Throws 'no further discounts' when nothing is left or a fixed value is more than what is left.
 */
export function allocateDiscounts(base: DiscountBase, coupons: readonly DiscountTerms[]): number[] {
  let left = base.grossPrice;
  const uncoveredTickets = [...base.ticketPrices].sort((a, b) => b - a);
  return coupons.map((coupon) => {
    if (left <= 0) throw new AppError('no_further_discounts');
    const amount = coupon.isInvitation ? invitationDiscount(uncoveredTickets) : couponDiscount(left, coupon);
    if (amount > left) throw new AppError('no_further_discounts');
    left -= amount;
    return amount;
  });
}

function invitationDiscount(uncoveredTickets: number[]): number {
  const ticketPrice = uncoveredTickets.shift();
  // The rules already refused more invitations than tickets, so a missing line is inconsistent data.
  if (ticketPrice === undefined) throw new AppError('discount_calculation_failed');
  return ticketPrice;
}

function couponDiscount(left: number, coupon: DiscountTerms): number {
  const { discountType, discountValue } = coupon;
  if (discountType !== 'percent' && discountType !== 'fixed') {
    throw new AppError('discount_calculation_failed');
  }
  if (discountType === 'percent' && discountValue > 100) throw new AppError('discount_calculation_failed');
  // discountAmount caps a fixed value at the price; we refuse instead so a limited coupon's use is
  // not spent on part of its value.
  if (discountType === 'fixed' && discountValue > left) throw new AppError('no_further_discounts');
  try {
    return discountAmount(left, discountType, discountValue);
  } catch (error) {
    if (error instanceof RangeError) throw new AppError('discount_calculation_failed');
    throw error;
  }
}
