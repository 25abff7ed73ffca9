import { describe, expect, it } from 'vitest';
import { StatusAccumulator, slotStatus } from './stock-status.ts';

describe('slotStatus', () => {
  it('is not_on_sale whenever the slot cannot be sold, whatever the stock', () => {
    expect(slotStatus(false, 100, 5)).toBe('not_on_sale');
    expect(slotStatus(false, 0, 5)).toBe('not_on_sale');
  });

  it('is sold_out at 0, few up to the threshold, available above it', () => {
    expect(slotStatus(true, 0, 5)).toBe('sold_out');
    expect(slotStatus(true, 1, 5)).toBe('few');
    expect(slotStatus(true, 5, 5)).toBe('few');
    expect(slotStatus(true, 6, 5)).toBe('available');
  });

  it('never says few when the threshold is 0', () => {
    expect(slotStatus(true, 1, 0)).toBe('available');
  });
});

describe('StatusAccumulator', () => {
  it('is not_on_sale with no slots', () => {
    expect(new StatusAccumulator().result()).toEqual({ status: 'not_on_sale', count: null });
  });

  it('keeps the best status and the largest few count', () => {
    const acc = new StatusAccumulator();
    acc.add('sold_out', 0);
    acc.add('few', 2);
    acc.add('few', 4);
    acc.add('not_on_sale', 50);
    expect(acc.result()).toEqual({ status: 'few', count: 4 });
    acc.add('available', 30);
    expect(acc.result()).toEqual({ status: 'available', count: null });
  });
});
