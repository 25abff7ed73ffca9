import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.ts';
import { hasPendingWrite, READ_AFTER_COOKIE } from './read-your-writes.ts';

/** A visitor whose own write the replica may not have replayed reads for themself (ADR 097). */
describe('a pending write and the answer cache', () => {
  const URL = '/borderless/api/v1/products/stocks?date=2026-12-01';
  const request = (cookie?: string) =>
    ({ method: 'GET', url: URL, headers: cookie ? { cookie } : {} }) as unknown as IncomingMessage;
  const response = () => {
    const res = { sent: undefined as Buffer | undefined, once: () => res, writeHead: () => res };
    return Object.assign(res, { end: (body: Buffer) => (res.sent = body) }) as unknown as ServerResponse & {
      sent?: Buffer;
    };
  };
  const pending = `XSRF-TOKEN=x; ${READ_AFTER_COOKIE}=0/16B3748`;

  it('finds the cookie among others, and only that cookie', () => {
    expect(hasPendingWrite(pending)).toBe(true);
    expect(hasPendingWrite('XSRF-TOKEN=x')).toBe(false);
    expect(hasPendingWrite(undefined)).toBe(false);
  });

  it('is neither served a kept answer nor kept, nor made to wait for another read', () => {
    const cache = createAnswerCache();
    const routed: string[] = [];
    const maker = request();
    cache.handle(maker, response(), () => routed.push('maker'));
    // While the shared read is in flight: the visitor with a pending write reads at once, for themself.
    const own = request(pending);
    cache.handle(own, response(), () => routed.push('own'));
    expect(routed).toEqual(['maker', 'own']);
    cache.keep(own, 200, {}, Buffer.from('{"own":true}'));
    cache.keep(maker, 200, {}, Buffer.from('{"shared":true}'));

    // The kept answer goes to everyone else, never to the visitor with a pending write.
    const other = response();
    cache.handle(request(), other, () => routed.push('other'));
    expect(other.sent?.toString()).toBe('{"shared":true}');
    cache.handle(request(pending), response(), () => routed.push('own again'));
    expect(routed).toEqual(['maker', 'own', 'own again']);
  });
});
