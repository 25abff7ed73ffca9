import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { TrustProxy } from '../config/trust-proxy.ts';

/** The header a request id comes in (from a proxy or a client) and goes out in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An incoming id is kept only when it is short and made of safe characters: it is written into every log
 * line of the request and into a header, so it must not carry newlines, quotes or a page of text.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId` (issue 31, ADR 099): the proxy's `X-Request-Id` when safe, so one id follows a request
 * from the load balancer through the log; else a new random one (unique across processes, unlike Fastify's
 * per-process counter). Only a TRUST_PROXY proxy may name the id (review finding 10): from anyone else the
 * header is ignored, or a client could give its requests the id support is looking for.
 */
export function requestIdFor(trustProxy: TrustProxy): (req: IncomingMessage) => string {
  const trusted = trustedPeer(trustProxy);
  return (req) => {
    const given = req.headers[REQUEST_ID_HEADER];
    return typeof given === 'string' &&
      SAFE_REQUEST_ID.test(given) &&
      trusted(req.socket?.remoteAddress ?? '')
      ? given
      : randomUUID();
  };
}

/** Fastify's own trust test (`trustProxy`), from the copy Fastify itself loads, so the two cannot drift. */
const proxyAddr = createRequire(createRequire(import.meta.url).resolve('fastify'))('@fastify/proxy-addr') as {
  compile(list: string[]): (address: string, hop: number) => boolean;
};

/** Whether the socket's peer is one of TRUST_PROXY's proxies, as Fastify decides it for the first hop (0). */
export function trustedPeer(trustProxy: TrustProxy): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  const trust = typeof trustProxy === 'function' ? trustProxy : proxyAddr.compile(trustProxy);
  return (address) => address !== '' && trust(address, 0);
}

/**
 * Every error answer carries its request id (`X-Request-Id`), so a visitor or a partner reporting a failure
 * can quote the id that finds its log lines. Only error answers: a kept 200 (the answer cache, ADR 033)
 * would otherwise hand one request's id to every visitor it is served to. The body stays the one error body.
 */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400) void reply.header(REQUEST_ID_HEADER, request.id);
    done(null, payload);
  });
}
