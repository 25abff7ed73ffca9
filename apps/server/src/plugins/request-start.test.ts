import { describe, expect, it } from 'vitest';
import { parseRequestStart } from './request-start.ts';

describe('parseRequestStart (X-Request-Start, ADR 095 addendum)', () => {
  const now = 1_764_400_000_000;
  it('reads the forms balancers write: seconds with a fraction, milliseconds, microseconds, with or without t=', () => {
    expect(parseRequestStart('t=1764399999.250', now)).toBe(now - 750);
    expect(parseRequestStart('t=1764399999250', now)).toBe(now - 750);
    expect(parseRequestStart('1764399999250000', now)).toBe(now - 750);
    expect(parseRequestStart(' t=1764399999250 ', now)).toBe(now - 750);
  });
  it('believes no stamp older than a minute, more than a second ahead, or unreadable', () => {
    expect(parseRequestStart(`t=${now - 60_001}`, now)).toBeUndefined();
    expect(parseRequestStart(`t=${now + 1_001}`, now)).toBeUndefined();
    expect(parseRequestStart('t=soon', now)).toBeUndefined();
    expect(parseRequestStart('t=-1764399999250', now)).toBeUndefined();
    expect(parseRequestStart(undefined, now)).toBeUndefined();
    expect(parseRequestStart(['t=1764399999250'], now)).toBeUndefined();
  });
});
