import { describe, expect, it } from 'vitest';
import { fromTokyoLocal, toTokyoLocal } from './waiting-room-section.tsx';

describe('sale-start times in Tokyo wall-clock time', () => {
  it('draws a stored time as Tokyo time whatever its offset', () => {
    expect(toTokyoLocal('2026-12-01T10:00:00+09:00')).toBe('2026-12-01T10:00');
    // 20:30 UTC is 05:30 the next morning in Tokyo.
    expect(toTokyoLocal('2026-12-01T20:30:00Z')).toBe('2026-12-02T05:30');
  });

  it('stores a typed time with the +09:00 offset, and round-trips', () => {
    expect(fromTokyoLocal('2026-12-02T05:30')).toBe('2026-12-02T05:30:00+09:00');
    expect(toTokyoLocal(fromTokyoLocal('2027-01-01T00:00'))).toBe('2027-01-01T00:00');
  });
});
