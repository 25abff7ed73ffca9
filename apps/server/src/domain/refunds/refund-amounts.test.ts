import { describe, expect, it } from 'vitest';
import { allocatePaid, splitOverPayments } from './refund-amounts.ts';

describe('allocatePaid', () => {
  it('takes a coupon discount off each ticket by its price, the remainder on the last', () => {
    // 3 tickets of 1 000 yen, 10% coupon on 3 000 → 2 700 paid... with a 1 000 yen fixed coupon: 2 000 paid.
    expect(allocatePaid([1000, 1000, 1000], 2000)).toEqual([666, 666, 668]);
    expect(allocatePaid([2000, 1000], 2700)).toEqual([1800, 900]);
  });

  it('sums to what was paid, whatever the prices', () => {
    for (const [prices, paid] of [
      [[1500, 800, 800, 333], 3001],
      [[1], 0],
      [[700, 700, 700], 1999],
    ] as const) {
      const amounts = allocatePaid(prices, paid);
      expect(amounts.reduce((a, b) => a + b, 0)).toBe(paid);
      expect(amounts.every((amount) => Number.isInteger(amount) && amount >= 0)).toBe(true);
    }
  });

  it('spreads evenly over free tickets when money was paid (add-ons only)', () => {
    expect(allocatePaid([0, 0], 501)).toEqual([250, 251]);
  });
});

describe('splitOverPayments', () => {
  it('takes the newest payment (a top-up) first, then the original', () => {
    expect(
      splitOverPayments(2500, [
        { id: 10, left: 3000 },
        { id: 12, left: 1000 },
      ]),
    ).toEqual([
      { paymentId: 12, amount: 1000 },
      { paymentId: 10, amount: 1500 },
    ]);
  });

  it('skips what was already given back', () => {
    expect(
      splitOverPayments(500, [
        { id: 1, left: 500 },
        { id: 2, left: 0 },
      ]),
    ).toEqual([{ paymentId: 1, amount: 500 }]);
  });
});
