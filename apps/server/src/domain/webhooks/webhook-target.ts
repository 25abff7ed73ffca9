import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../shared/app-error.ts';

/**
 * Where a webhook may go (issue 30, ADR 087): outside development, never to the server's own network. A
 * target whose name resolves to any private, loopback, link-local, unspecified or multicast address is
 * refused, at entry (400 `webhook_target_refused`) and again at every delivery on the very address the socket
 * connects to (`checkedLookup`, given to `http.request`), so a DNS answer that changes between the check and
 * the connection (a rebind) cannot reach inside.
 */

/** Answers every address a name has (dns.lookup with `all`); tests pass a resolver of their own. */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface TargetPolicy {
  /** Development (NODE_ENV=development) lets every address through: a receiver on the laptop. */
  development: boolean;
  /**
   * Addresses or CIDR ranges allowed although private (WEBHOOK_ALLOWED_ADDRESSES, a comma list, empty by
   * default): for the tests' local receiver on 127.0.0.1, or an operator's deliberate in-house receiver.
   */
  allowed: BlockList;
  resolve: Resolve;
}

const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT: private to someone
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, and cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64: an IPv4 address inside
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is. */
function normalise(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** Parses WEBHOOK_ALLOWED_ADDRESSES: `127.0.0.1, 10.1.0.0/16, ::1`. */
export function allowedAddresses(list: string | undefined): BlockList {
  const allowed = new BlockList();
  for (const entry of (list ?? '').split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const [address, prefix] = entry.split('/');
    const family = isIP(address ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(address ?? '')) throw new Error(`WEBHOOK_ALLOWED_ADDRESSES: ${entry} is not an address`);
    if (prefix === undefined) allowed.addAddress(address!, family);
    else allowed.addSubnet(address!, Number(prefix), family);
  }
  return allowed;
}

/** Whether a delivery may connect to `address`. */
export function addressAllowed(policy: TargetPolicy, address: string): boolean {
  if (policy.development) return true;
  const { address: plain, family } = normalise(address);
  if (isIP(plain) === 0) return false;
  if (policy.allowed.check(plain, family)) return true;
  return !refused.check(plain, family);
}

/** The URL's host as an address or a name (brackets of an IPv6 literal removed). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * The addresses a target's host stands for, every one allowed; else `webhook_target_refused` (also for a
 * scheme other than http(s), credentials in the URL, or a name that does not resolve).
 */
export async function checkedAddresses(
  policy: TargetPolicy,
  target: string,
): Promise<{ address: string; family: number }[]> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new AppError('webhook_target_refused', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new AppError('webhook_target_refused', 'http or https only');
  if (url.username !== '' || url.password !== '')
    throw new AppError('webhook_target_refused', 'credentials in the URL');
  const host = hostOf(url);
  const family = isIP(host);
  let addresses: { address: string; family: number }[];
  if (family !== 0) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      throw new AppError('webhook_target_refused', 'the name does not resolve');
    }
  }
  if (addresses.length === 0) throw new AppError('webhook_target_refused', 'the name has no address');
  const inside = addresses.find((entry) => !addressAllowed(policy, entry.address));
  if (inside) throw new AppError('webhook_target_refused', `${host} resolves to a refused address`);
  return addresses;
}

type LookupAddress = { address: string; family: number };
type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `http.request`: resolves the name once, refuses it if ANY of its addresses is refused,
 * and hands the socket the address it just checked, so the connection goes exactly where the check looked.
 */
export function checkedLookup(policy: TargetPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    const host = hostname.replace(/^\[|\]$/g, '');
    checkedAddresses(policy, `http://${isIP(host) === 6 ? `[${host}]` : host}/`).then(
      // With `all` (node's happy eyeballs asks so) every address, each of them checked; else the first.
      (addresses) =>
        options.all === true
          ? callback(null, addresses)
          : callback(null, addresses[0]!.address, addresses[0]!.family),
      (error: unknown) => {
        const refusal = Object.assign(new Error('webhook target refused'), { code: 'ETARGETREFUSED' });
        callback(error instanceof AppError ? refusal : (error as NodeJS.ErrnoException), '', 0);
      },
    );
  };
}
