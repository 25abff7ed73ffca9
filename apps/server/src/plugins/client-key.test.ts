import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '@kippu/contract';
import { addressKeyOf, clientKeyOf, rateLimitClientOf } from './client-key.ts';
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
    // Signed under another secret: no visitor, the address.
    expect(clientKeyOf(requestFrom('203.0.113.7', 'secret-two', cookie))).toBe(
      addressKeyOf(requestFrom('203.0.113.7', 'secret-two')),
    );
  });
});
