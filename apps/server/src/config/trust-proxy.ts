import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * What Fastify's `trustProxy` gets: nothing trusted, the proxies' addresses, or a function that trusts
 * the first n hops (Fastify 5 itself treats a bare number as "trust nothing").
 */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/** Address groups proxy-addr (Fastify's trustProxy) knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(item: string): boolean {
  if (NAMED_RANGES.has(item)) return true;
  const [address, bits, ...rest] = item.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = version === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * TRUST_PROXY (ADR 015): whose X-Forwarded-For to believe when taking the client's address, which rate
 * limits and hold caps count by. Unset or `false`: nobody (the socket's address). A number: that many proxy
 * hops in front of the server (only safe when nothing but the proxies can reach the server: the nearest
 * hop is trusted whoever it is). Else a comma list of proxy addresses, CIDR ranges or proxy-addr's names
 * (`loopback`, `linklocal`, `uniquelocal`). `true` is refused: trusting every hop lets any client choose
 * its address with a header.
 */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const text = (value ?? '').trim();
    if (text === '' || text === 'false') return false;
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops === 0) return false;
      // Hop 0 is the socket's peer; each trusted hop lets the next address of X-Forwarded-For through.
      if (hops <= 32) return (_address, hop) => hop < hops;
    }
    const items = text.split(',').map((item) => item.trim());
    const bad = items.filter((item) => !isAddressOrRange(item));
    if (text === 'true' || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          text === 'true'
            ? "true would trust any client to name its own address: give a hop count or the proxies' addresses"
            : `not an address, CIDR range or hop count: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return items;
  });
