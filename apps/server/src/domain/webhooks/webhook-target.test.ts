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

  it('judges an IPv6 address by the IPv4 address it carries, and refuses tunnels and reserved ranges', () => {
    for (const address of [
      '::127.0.0.1', // IPv4-compatible, written ::7f00:1 by node
      '::7f00:1',
      '::ffff:7f00:1',
      '::ffff:0:a00:1', // IPv4-translated 10.0.0.1
      '::ffff:169.254.169.254',
      '2002:7f00:1::', // 6to4 of 127.0.0.1
      '2002:a00:1::1', // 6to4 of 10.0.0.1
      '2002:c0a8:101::', // 6to4 of 192.168.1.1
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      '2001::1',
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '64:ff9b::10.1.2.3',
      '64:ff9b:1::1', // local-use NAT64
      '100::1', // discard
      '2001:db8::1',
      '100.127.255.255', // CGNAT's last
      '0.1.2.3',
      '255.255.255.255',
      '239.255.255.250',
      '240.0.0.1',
      '192.0.2.10',
      '198.51.100.1',
      '203.0.113.9',
    ]) {
      expect(addressAllowed(policy(), address), address).toBe(false);
    }
    for (const address of ['2002:5db8:d822::1', '64:ff9b::808:808', '::ffff:8.8.8.8', '100.128.0.1']) {
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
