import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '@kippu/contract';
import {
  addressKeyOf,
  addressNetworkOf,
  clientKeyOf,
  rateLimitAddressOf,
  rateLimitClientOf,
} from './client-key.ts';
import { newVisitorCookie } from './visitor-id.ts';

const requestFrom = (ip: string, appSecret = 'secret-one', cookies: Record<string, string> = {}) =>
  ({
    ip,
    cookies,
    server: { env: { APP_SECRET: appSecret, APP_SECRET_PREVIOUS: [] } },
  }) as unknown as FastifyRequest;

describe('addressKeyOf', () => {
  it('gives one address the same key, and other addresses other keys', () => {
    const key = addressKeyOf(requestFrom('203.0.113.7'));
    expect(key).toMatch(/^[\w-]{22}$/);
    expect(addressKeyOf(requestFrom('203.0.113.7'))).toBe(key);
    expect(addressKeyOf(requestFrom('203.0.113.8'))).not.toBe(key);
  });

  it('depends on APP_SECRET and does not contain the address', () => {
    const key = addressKeyOf(requestFrom('203.0.113.7'));
    expect(addressKeyOf(requestFrom('203.0.113.7', 'secret-two'))).not.toBe(key);
    expect(key).not.toContain('203');
  });
});

describe('clientKeyOf and rateLimitClientOf (ADR 094)', () => {
  it('is the address without a visitor id, and the visitor with one, wherever it comes from', () => {
    const cookie = { [VISITOR_COOKIE]: newVisitorCookie('secret-one') };
    expect(clientKeyOf(requestFrom('203.0.113.7'))).toBe(addressKeyOf(requestFrom('203.0.113.7')));
    const visitor = clientKeyOf(requestFrom('203.0.113.7', 'secret-one', cookie));
    expect(visitor).toMatch(/^v\.[\w-]{22}$/);
    expect(clientKeyOf(requestFrom('198.51.100.1', 'secret-one', cookie))).toBe(visitor);
    expect(rateLimitClientOf(requestFrom('203.0.113.7'))).toBe('a:203.0.113.7');
    expect(rateLimitClientOf(requestFrom('203.0.113.7', 'secret-one', cookie))).toMatch(/^v:[\w-]{22}$/);
    // The visitor's hashed key, never the cookie's raw id (review finding 11).
    expect(rateLimitClientOf(requestFrom('203.0.113.7', 'secret-one', cookie))).toBe(`v:${visitor.slice(2)}`);
    // Signed under another secret: no visitor, the address.
    expect(clientKeyOf(requestFrom('203.0.113.7', 'secret-two', cookie))).toBe(
      addressKeyOf(requestFrom('203.0.113.7', 'secret-two')),
    );
  });
});

describe('IPv6 clients by their /64 (review finding 4)', () => {
  it('gives every address of one /64 the same address key and rate-limit client, and another /64 another', () => {
    const a = requestFrom('2001:db8:1:2::1');
    const b = requestFrom('2001:db8:1:2:a0b1:c2d3:e4f5:6789');
    const other = requestFrom('2001:db8:1:3::1');
    expect(addressKeyOf(b)).toBe(addressKeyOf(a));
    expect(addressKeyOf(other)).not.toBe(addressKeyOf(a));
    expect(clientKeyOf(b)).toBe(clientKeyOf(a));
    expect(rateLimitClientOf(a)).toBe('a:2001:db8:1:2::/64');
    expect(rateLimitClientOf(b)).toBe('a:2001:db8:1:2::/64');
    expect(rateLimitAddressOf(b)).toBe('a:2001:db8:1:2::/64');
    expect(rateLimitClientOf(other)).toBe('a:2001:db8:1:3::/64');
  });

  it('reads every spelling of an IPv6 address, and keeps IPv4 and IPv4-mapped addresses whole', () => {
    expect(addressNetworkOf('2001:0DB8:0001:0002:0:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(addressNetworkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressNetworkOf('::1')).toBe('0:0:0:0::/64');
    expect(addressNetworkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressNetworkOf('1:2:3::4:5:6:7')).toBe('1:2:3:0::/64');
    expect(addressNetworkOf('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(addressNetworkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressNetworkOf('::ffff:203.0.113.7')).toBe('::ffff:203.0.113.7');
    expect(rateLimitClientOf(requestFrom('203.0.113.7'))).toBe('a:203.0.113.7');
    expect(rateLimitClientOf(requestFrom('::ffff:203.0.113.7'))).toBe('a:::ffff:203.0.113.7');
    expect(addressKeyOf(requestFrom('::ffff:203.0.113.8'))).not.toBe(
      addressKeyOf(requestFrom('::ffff:203.0.113.7')),
    );
  });
});
