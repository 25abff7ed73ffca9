/**
 * Whether a raw request URL may reach the API (`/{site}/api/...`), decided in Node's handler before Fastify
 * routes it. The router decodes the path (`/demo/%61pi/v1/...` is the API too, ADR 015), so any
 * percent-encoded URL counts: the overload guard must not be bypassed by encoding, and for the answer cache
 * a URL that turns out not to be the API only costs a lookup.
 */
export function mayReachApi(url: string | undefined): url is string {
  return url !== undefined && (url.includes('/api/') || url.includes('%'));
}
