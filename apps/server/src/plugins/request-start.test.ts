import { describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { arrivalTimer, parseRequestStart } from './request-start.ts';

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

describe("arrivalTimer: the balancer's stamp only with TRUST_REQUEST_START (review finding 11)", () => {
  const joinFrom = (address: string, stamp: number) =>
    ({
      raw: { socket: { remoteAddress: address } },
      headers: { 'x-request-start': `t=${stamp}` },
    }) as unknown as FastifyRequest;
  const reply = { elapsedTime: 5 } as FastifyReply;
  it('ignores a stamp 59 s old from a trusted proxy while TRUST_REQUEST_START is off', () => {
    const before = Date.now();
    const arrived = arrivalTimer(['loopback'], false)(
      joinFrom('127.0.0.1', before - 59_000),
      reply,
    ).getTime();
    expect(arrived).toBeGreaterThanOrEqual(before - 5);
  });
  it('believes it with TRUST_REQUEST_START on, from a trusted proxy only', () => {
    const before = Date.now();
    const stamp = before - 59_000;
    expect(arrivalTimer(['loopback'], true)(joinFrom('127.0.0.1', stamp), reply).getTime()).toBe(stamp);
    expect(
      arrivalTimer(['loopback'], true)(joinFrom('192.0.2.7', stamp), reply).getTime(),
    ).toBeGreaterThanOrEqual(before - 5);
  });
});
