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
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // the old 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast 255.255.255.255
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64: translated inside someone's network
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo: a tunnel whose far end cannot be judged from here
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // the old site-local
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/** The 16 bytes of an IPv6 address (a trailing dotted IPv4 part allowed), or null when it is none. */
function ipv6Bytes(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = groups(head);
  const back = groups(tail);
  const words = tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
  return words.flatMap((word: number) => [word >> 8, word & 0xff]);
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
const dottedOf = (bytes: number[]) => bytes.join('.');

/**
 * The IPv4 address an IPv6 address carries and that a stack or a relay may reach through it: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96) and
 * 6to4 (2002:AABB:CCDD::/16). Each is judged as that IPv4 address (finding 9 of the review).
 */
function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  if (bytes === null) return null;
  const zeros = (count: number) => Array<number>(count).fill(0);
  if (startsWith(bytes, [...zeros(10), 0xff, 0xff])) return dottedOf(bytes.slice(12));
  if (startsWith(bytes, zeros(12))) return dottedOf(bytes.slice(12));
  if (startsWith(bytes, [...zeros(8), 0xff, 0xff, 0, 0])) return dottedOf(bytes.slice(12));
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, ...zeros(8)])) return dottedOf(bytes.slice(12));
  if (startsWith(bytes, [0x20, 0x02])) return dottedOf(bytes.slice(2, 6));
  return null;
}

/** An address is judged as the IPv4 address it carries, if any (::ffff:10.0.0.1 is 10.0.0.1). */
function normalise(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const inside = embeddedIpv4(address);
  if (inside !== null) return { address: inside, family: 'ipv4' };
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
  const written = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (policy.allowed.check(plain, family) || policy.allowed.check(address, written)) return true;
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
