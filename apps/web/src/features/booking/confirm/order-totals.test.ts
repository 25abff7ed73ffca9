import { describe, expect, it } from 'vitest';
import { COUPON, orderToConfirm } from './confirm-test-doubles.ts';
import { orderTotals } from '../../../shared/purchase/order-totals.ts';

describe('orderTotals', () => {
  it('adds ticket types and add-ons at their prices; the total is the server price', () => {
    expect(orderTotals(orderToConfirm())).toEqual({ subtotal: 9600, discount: 0, total: 9600 });
  });

  it('takes coupons and a membership promotion as the discount', () => {
    const order = orderToConfirm({
      price: 8600,
      coupons: [COUPON, { ...COUPON, id: 8, coupon_discount: 300 }],
      membership_promotion: { name: 'Friends', membership_discount: 200 },
    });
    expect(orderTotals(order)).toEqual({ subtotal: 9600, discount: 1000, total: 8600 });
  });
});
