import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

const trustProxyOf = (value?: string) => loadEnv({ NODE_ENV: 'test', TRUST_PROXY: value }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default: the socket address is the client', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('')).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('0')).toBe(false);
  });

  it('takes addresses, CIDR ranges and proxy-addr names, as a comma list', () => {
    expect(trustProxyOf('10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('takes a hop count as a function trusting that many hops (Fastify 5 treats a number as none)', () => {
    const trust = trustProxyOf('2');
    expect(typeof trust).toBe('function');
    const hops = trust as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => hops('203.0.113.1', hop))).toEqual([true, true, false]);
  });

  it('refuses true, names and ranges it does not know, with the variable named', () => {
    expect(() => trustProxyOf('true')).toThrow(/TRUST_PROXY: true would trust any client/);
    expect(() => trustProxyOf('10.0.0.1, proxy.example')).toThrow(/TRUST_PROXY: .*proxy\.example/);
    expect(() => trustProxyOf('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxyOf('999.1.1.1')).toThrow(/TRUST_PROXY/);
  });
});
