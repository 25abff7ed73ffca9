import { describe, expect, it } from 'vitest';
import { labelledIndexes, valueTicks } from './chart-scale.ts';

describe("a chart's scale", () => {
  it('runs from 0 to a round number at or above the largest value, in round steps', () => {
    expect(valueTicks(22_500)).toEqual([0, 5_000, 10_000, 15_000, 20_000, 25_000]);
    expect(valueTicks(7)).toEqual([0, 2, 4, 6, 8]);
    // Counts are whole: two and a half visitors is no grid line.
    expect(valueTicks(12)).toEqual([0, 5, 10, 15]);
    expect(valueTicks(3)).toEqual([0, 1, 2, 3]);
    // Nothing to show still draws an axis rather than dividing by zero.
    expect(valueTicks(0)).toEqual([0, 1]);
  });

  it('labels every category that fits, else every n-th with the first and last', () => {
    expect([...labelledIndexes(5, 12)]).toEqual([0, 1, 2, 3, 4]);
    const month = [...labelledIndexes(30, 12)].sort((a, b) => a - b);
    expect(month[0]).toBe(0);
    expect(month.at(-1)).toBe(29);
    expect(month.length).toBeLessThanOrEqual(12);
  });
});
