import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

describe('paths', () => {
  it('fills parameters and query', () => {
    expect(paths.checkInGate.getHref({ reservationToken: 'r/1', id: '5', type: 'gate' })).toBe(
      '/id/r%2F1/5/gate',
    );
    expect(paths.order.getHref(undefined, { ref: 'c' })).toBe('/order?ref=c');
  });

  it('has a distinct path for every route', () => {
    const all = Object.values(paths).map((route) => route.path);
    expect(new Set(all).size).toBe(all.length);
  });
});
