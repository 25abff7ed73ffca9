import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TrustProxy } from '../config/trust-proxy.ts';
import { trustedPeer } from '../observability/request-id.ts';

/** The balancer's stamp of when it received the request (nginx `t=${msec}`, Heroku's router). */
export const REQUEST_START_HEADER = 'x-request-start';
/** A stamp older than this, or ahead of the process's clock by more than a second, is not believed. */
const MAX_AGE_MS = 60_000;
const MAX_AHEAD_MS = 1_000;

/**
 * `X-Request-Start` as balancers write it: `t=` and seconds with a fraction (nginx `$msec`), milliseconds or
 * microseconds, or the bare number. Milliseconds since the epoch, or undefined when unreadable or not
 * within a minute before `now` (a stale or wrong clock must not put a visitor at the front).
 */
export function parseRequestStart(value: unknown, now: number): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(?:t=)?(\d{9,17}(?:\.\d{1,6})?)$/.exec(value.trim());
  if (!match) return undefined;
  const stamp = Number(match[1]);
  const ms = stamp < 1e11 ? stamp * 1000 : stamp < 1e14 ? stamp : stamp / 1000;
  return ms >= now - MAX_AGE_MS && ms <= now + MAX_AHEAD_MS ? ms : undefined;
}

/**
 * When a request arrived (ADR 095 addendum: the waiting room admits in this order). With TRUST_REQUEST_START on
 * and behind a TRUST_PROXY balancer that stamps `X-Request-Start`, the balancer's time. Processes read their
 * requests late by different amounts when busy, and measured at load, one process read joins 0.3–0.5 s after
 * the other, so its early visitors lost their turn. Otherwise it is when this process began the request
 * (Fastify's start). The stamp is opt-in (review finding 11): many balancers (AWS ALB, L4 ones) pass a
 * client's header through, and a believed client stamp dates a join up to a minute back, ahead of a whole
 * rush. Turn it on only when the balancer overwrites the header, like X-Forwarded-For.
 */
export function arrivalTimer(
  trustProxy: TrustProxy,
  trustRequestStart: boolean,
): (request: FastifyRequest, reply: FastifyReply) => Date {
  const trusted = trustRequestStart ? trustedPeer(trustProxy) : () => false;
  return (request, reply) => {
    const now = Date.now();
    const read = now - reply.elapsedTime;
    if (trusted(request.raw.socket?.remoteAddress ?? '')) {
      const stamped = parseRequestStart(request.headers[REQUEST_START_HEADER], now);
      if (stamped !== undefined) return new Date(Math.min(stamped, read));
    }
    return new Date(read);
  };
}
