import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/app-error.ts';
import { allocateDiscounts, type DiscountTerms } from './coupon-discounts.ts';

const percent = (value: number): DiscountTerms => ({
  discountType: 'percent',
  discountValue: value,
  isInvitation: false,
});
const fixed = (value: number): DiscountTerms => ({
  discountType: 'fixed',
  discountValue: value,
  isInvitation: false,
});
const invitation: DiscountTerms = { discountType: 'fixed', discountValue: 0, isInvitation: true };

function errorOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return undefined;
}

describe('allocateDiscounts', () => {
  it('floors each percent discount of what the earlier coupons left', () => {
    // 9999 × 33% = 3299.67 → 3299; 6700 × 33% = 2211
    expect(allocateDiscounts({ grossPrice: 9999, ticketPrices: [9999] }, [percent(33), percent(33)])).toEqual(
      [3299, 2211],
    );
  });

  it('takes fixed coupons at face value after percent ones', () => {
    expect(allocateDiscounts({ grossPrice: 5000, ticketPrices: [5000] }, [percent(10), fixed(4500)])).toEqual(
      [500, 4500],
    );
  });

  it('covers the dearest uncovered ticket per invitation, never a set product', () => {
    const base = { grossPrice: 3000 + 1500 + 1500 + 700, ticketPrices: [1500, 3000, 1500] };
    expect(allocateDiscounts(base, [invitation, invitation, invitation])).toEqual([3000, 1500, 1500]);
  });

  it('refuses a coupon once nothing is left, and a fixed value above what is left', () => {
    expect(
      errorOf(() =>
        allocateDiscounts({ grossPrice: 1000, ticketPrices: [1000] }, [percent(100), percent(1)]),
      ),
    ).toBe('no_further_discounts');
    expect(errorOf(() => allocateDiscounts({ grossPrice: 1000, ticketPrices: [1000] }, [fixed(1001)]))).toBe(
      'no_further_discounts',
    );
    expect(errorOf(() => allocateDiscounts({ grossPrice: 0, ticketPrices: [0] }, [invitation]))).toBe(
      'no_further_discounts',
    );
  });

  it('cannot calculate a percent above 100, an unknown type, a fractional value or a missing ticket', () => {
    const base = { grossPrice: 1000, ticketPrices: [1000] };
    expect(errorOf(() => allocateDiscounts(base, [percent(101)]))).toBe('discount_calculation_failed');
    expect(
      errorOf(() =>
        allocateDiscounts(base, [
          { discountType: 'bogus' as 'fixed', discountValue: 1, isInvitation: false },
        ]),
      ),
    ).toBe('discount_calculation_failed');
    expect(errorOf(() => allocateDiscounts(base, [percent(Number.NaN)]))).toBe('discount_calculation_failed');
    expect(errorOf(() => allocateDiscounts(base, [fixed(2.5)]))).toBe('discount_calculation_failed');
    expect(
      errorOf(() => allocateDiscounts({ grossPrice: 2000, ticketPrices: [1000] }, [invitation, invitation])),
    ).toBe('discount_calculation_failed');
  });
});
