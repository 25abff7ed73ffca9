import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientKeyOf } from './client-key.ts';

const requestFrom = (ip: string, appSecret = 'secret-one') =>
  ({ ip, server: { env: { APP_SECRET: appSecret } } }) as unknown as FastifyRequest;

describe('clientKeyOf', () => {
  it('gives one address the same key, and other addresses other keys', () => {
    const key = clientKeyOf(requestFrom('203.0.113.7'));
    expect(key).toMatch(/^[\w-]{22}$/);
    expect(clientKeyOf(requestFrom('203.0.113.7'))).toBe(key);
    expect(clientKeyOf(requestFrom('203.0.113.8'))).not.toBe(key);
  });

  it('depends on APP_SECRET and does not contain the address', () => {
    const key = clientKeyOf(requestFrom('203.0.113.7'));
    expect(clientKeyOf(requestFrom('203.0.113.7', 'secret-two'))).not.toBe(key);
    expect(key).not.toContain('203');
  });
});
