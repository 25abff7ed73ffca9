import { describe, expect, it } from 'vitest';
import { priceSummary } from './price-summary.ts';

const options = (...prices: number[]) =>
  prices.map((price, index) => ({ id: index + 1, name: `type ${index}`, price, display_position: index }));

describe('priceSummary', () => {
  it('starts "from" at the cheapest paid ticket when prices differ', () => {
    expect(priceSummary(options(3800, 2800, 1500, 0))).toEqual({ kind: 'from', amount: 1500 });
    expect(priceSummary(options(2000, 2500))).toEqual({ kind: 'from', amount: 2000 });
  });

  it('is a single price when every paid ticket type costs the same, and free when all are free', () => {
    expect(priceSummary(options(1200, 1200))).toEqual({ kind: 'single', amount: 1200 });
    expect(priceSummary(options(8000, 0))).toEqual({ kind: 'single', amount: 8000 });
    expect(priceSummary(options(0, 0))).toEqual({ kind: 'free' });
  });

  it('is absent for a product without ticket types', () => {
    expect(priceSummary([])).toBeNull();
  });
});
