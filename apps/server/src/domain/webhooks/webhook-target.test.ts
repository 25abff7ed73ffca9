import { describe, expect, it } from 'vitest';
import { addressAllowed, allowedAddresses, checkedAddresses, type TargetPolicy } from './webhook-target.ts';

const policy = (overrides: Partial<TargetPolicy> = {}): TargetPolicy => ({
  development: false,
  allowed: allowedAddresses(''),
  resolve: async () => [{ address: '93.184.216.34', family: 4 }],
  ...overrides,
});

describe('webhook targets (ADR 087)', () => {
  it('refuses private, loopback, link-local, unspecified, multicast and IPv4-mapped private addresses', () => {
    for (const address of [
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '127.0.0.1',
      '127.9.9.9',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '100.64.0.1',
      '::1',
      '::',
      'fd00::1',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
    ]) {
      expect(addressAllowed(policy(), address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '172.32.0.1', '2606:4700::1111', '8.8.8.8']) {
      expect(addressAllowed(policy(), address), address).toBe(true);
    }
  });

  it('lets the allow-list and development through, and only them', () => {
    const allowed = policy({ allowed: allowedAddresses('127.0.0.1, 10.1.0.0/16') });
    expect(addressAllowed(allowed, '127.0.0.1')).toBe(true);
    expect(addressAllowed(allowed, '10.1.2.3')).toBe(true);
    expect(addressAllowed(allowed, '127.0.0.2')).toBe(false);
    expect(addressAllowed(allowed, '10.2.0.1')).toBe(false);
    expect(addressAllowed(policy({ development: true }), '10.0.0.1')).toBe(true);
    expect(() => allowedAddresses('localhost')).toThrow();
  });

  it('refuses a name when any of its addresses is refused, and schemes other than http(s)', async () => {
    const mixed = policy({
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.1', family: 4 },
      ],
    });
    await expect(checkedAddresses(mixed, 'https://mixed.example/hook')).rejects.toMatchObject({
      code: 'webhook_target_refused',
    });
    await expect(checkedAddresses(policy(), 'https://public.example/hook')).resolves.toHaveLength(1);
    for (const url of ['ftp://public.example/', 'file:///etc/passwd', 'http://user:pw@public.example/']) {
      await expect(checkedAddresses(policy(), url), url).rejects.toMatchObject({
        code: 'webhook_target_refused',
      });
    }
  });
});
