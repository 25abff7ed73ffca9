import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

/** One address or CIDR range of METRICS_ALLOW, as written. */
function isAddressOrRange(item: string): boolean {
  const [address, bits, ...rest] = item.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * METRICS_ALLOW (ADR 099): a comma list of addresses and CIDR ranges that may read `/metrics`, like
 * TRUST_PROXY's list but without its names (`loopback` is always allowed). Unset or empty: none besides loopback.
 */
export const metricsAllowSchema = z
  .string()
  .optional()
  .transform((value, ctx): string[] => {
    const items = (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    const bad = items.filter((item) => !isAddressOrRange(item));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `not an address or CIDR range: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return items;
  });

/** `::ffff:10.0.0.1` is 10.0.0.1: Node names IPv4 clients of a dual-stack socket that way. */
function plainAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether an address lies in a list built by `addressList` (IPv4-mapped IPv6 addresses as their IPv4). */
export function inAddressList(list: BlockList, address: string): boolean {
  const plain = plainAddress(address);
  if (isIP(plain.address) === 0) return false;
  return list.check(plain.address, plain.family);
}

export function isLoopback(address: string): boolean {
  return inAddressList(LOOPBACK, address);
}

/** The parsed METRICS_ALLOW as a lookup. */
export function addressList(items: readonly string[]): BlockList {
  const list = new BlockList();
  for (const item of items) {
    const [address, bits] = item.split('/') as [string, string | undefined];
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}
