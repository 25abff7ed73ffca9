import { createHmac, hash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { visitorIdOf } from './visitor-id.ts';

/**
 * The client of a request as the hold caps count it (ADR 094, superseding ADR 015's per-address count):
 * the visitor's key when the request carries a valid visitor id (plugins/visitor-id.ts), else the address's
 * (addressKeyOf: every cookieless request of one address shares one client). Stored in `orders.client_key`.
 */
export function clientKeyOf(request: FastifyRequest): string {
  const visitorId = visitorIdOf(request);
  return visitorId === null ? addressKeyOf(request) : visitorKeyOf(request, visitorId);
}

/**
 * A visitor's key: a hash of the id with the same secret salt, so the database never holds the cookie's id
 * (and with it the tag, it could not be replayed). `v.` keeps it apart from every address key (base64url
 * has no dot).
 */
function visitorKeyOf(request: FastifyRequest, visitorId: string): string {
  return `v.${hash('sha256', saltOf(request.server.env.APP_SECRET) + 'visitor ' + visitorId, 'base64url').slice(0, 22)}`;
}

/**
 * The address of a request as the hold caps' address ceiling (`orders.address_key`) and the cookieless
 * share count it (ADR 015, 094): a keyed hash of `request.ip` (which follows X-Forwarded-For only from
 * TRUST_PROXY's proxies), an IPv6 address by its /64 (clientNetworkOf). Orders store this, never the
 * address: the same client gets the same key while APP_SECRET stays, and the key alone does not give the address back.
 *
 * SHA-256 of a secret salt and the address, in one call: at a sales opening every request of a flood of
 * new addresses needs one, and an HMAC object per request (a native object for the garbage collector to
 * finalise) cost about 13 µs of the server's time each (86 against 73 µs per refused order, A/B in one
 * server under a flood of new addresses). The salt is an HMAC of APP_SECRET, so the key
 * shares nothing with the secret's other uses. Not a MAC: nobody verifies it, it only has to be the
 * same for one address and reveal nothing without the secret.
 */
export function addressKeyOf(request: FastifyRequest): string {
  return hash('sha256', saltOf(request.server.env.APP_SECRET) + clientNetworkOf(request), 'base64url').slice(
    0,
    22,
  );
}

function saltOf(appSecret: string): string {
  let salt = saltBySecret.get(appSecret);
  if (salt === undefined) {
    salt = createHmac('sha256', appSecret).update('kippu client key').digest('base64url');
    saltBySecret.set(appSecret, salt);
  }
  return salt;
}

const saltBySecret = new Map<string, string>();

/**
 * The client a per-client rate limit counts (interfaces.md, ADR 094): the visitor when the request carries a
 * valid visitor id, else the address. So 50 guests of one hotel each get their own 30 holds a minute, and one
 * client keeping its cookie is refused at its 31st; a client dropping its cookie counts under its address
 * with every other cookieless client there. The address's ceiling over its visitors counts
 * `rateLimitAddressOf` (plugins/address-rate-ceiling.ts), so minting fresh ids buys no more than that.
 */
export function rateLimitClientOf(request: FastifyRequest): string {
  const visitorId = visitorIdOf(request);
  // The hashed key (review finding 11): rate-limit rows and Redis keys never hold the cookie's raw id.
  return visitorId === null ? `a:${clientNetworkOf(request)}` : `v:${visitorKeyOf(request, visitorId).slice(2)}`;
}

/** The address a per-client rate limit's ceiling counts, whatever visitor ids its clients carry. */
export function rateLimitAddressOf(request: FastifyRequest): string {
  return `a:${clientNetworkOf(request)}`;
}

/**
 * The client's address as the caps and rate limits count it (review finding 4): an IPv6 client by its /64,
 * since one home or phone connection gets a whole /64 and can pick a fresh source address per request;
 * IPv4 (and IPv4-mapped IPv6, one IPv4 client) by the full address. Logs and allow-lists keep the full
 * address (clientAddressOf).
 */
function clientNetworkOf(request: FastifyRequest): string {
  let network = networkByRequest.get(request);
  if (network === undefined)
    networkByRequest.set(request, (network = addressNetworkOf(clientAddressOf(request))));
  return network;
}

const networkByRequest = new WeakMap<FastifyRequest, string>();

/** `2001:db8:1:2::/64` for any address of that /64; any other address (IPv4, IPv4-mapped, not an IP) as given. */
export function addressNetworkOf(address: string): string {
  const bare = address.split('%', 1)[0]!; // a zone id (fe80::1%eth0) names the interface, not the client
  if (!isIPv6(bare)) return address;
  const [head = '', tail] = bare.toLowerCase().split('::');
  // An embedded IPv4 (always the last 32 bits) counts as two groups; `::` stands for the missing zeros.
  const groupsOf = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const groups = groupsOf(head);
  if (tail !== undefined) {
    const tailGroups = groupsOf(tail);
    groups.push(...Array<string>(8 - groups.length - tailGroups.length).fill('0'), ...tailGroups);
  }
  const values = groups.map((g) => parseInt(g, 16));
  // IPv4-mapped (::ffff:a.b.c.d) is one IPv4 client: its full address, as for IPv4.
  if (values.slice(0, 5).every((v) => v === 0) && values[5] === 0xffff) return address;
  return `${values
    .slice(0, 4)
    .map((v) => v.toString(16))
    .join(':')}::/64`;
}

/**
 * `request.ip`, worked out once per request: behind TRUST_PROXY Fastify parses X-Forwarded-For and
 * matches every hop against the trusted ranges on each read, and a hold reads it twice (rate limit, caps).
 */
export function clientAddressOf(request: FastifyRequest): string {
  let address = addressByRequest.get(request);
  if (address === undefined) addressByRequest.set(request, (address = request.ip));
  return address;
}

const addressByRequest = new WeakMap<FastifyRequest, string>();
