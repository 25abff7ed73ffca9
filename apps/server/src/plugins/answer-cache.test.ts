import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.ts';

/** Who waits for whom in the answer cache: requests that share a URL share the one read in flight. */
describe('answer cache waiting', () => {
  const URL = '/borderless/api/v1/products/stocks?date=2026-12-01';
  const request = (url = URL) => ({ method: 'GET', url, headers: {} }) as unknown as IncomingMessage;
  const response = () => {
    const res = new EventEmitter() as EventEmitter & { sent?: Buffer };
    Object.assign(res, {
      writeHead: () => res,
      end: (body: Buffer) => (res.sent = body),
    });
    return res as unknown as ServerResponse & { sent?: Buffer };
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  type Cache = ReturnType<typeof createAnswerCache>;
  /** As app.ts chains it: the cache, the steps in front of Fastify (none here), then Fastify (`routed`). */
  const arrive = (cache: Cache, req: IncomingMessage, res: ServerResponse, routed: () => void) =>
    cache.handle(req, res, (mayMake) => (mayMake ? cache.make(req, res, routed) : routed()));

  it('serves the waiting requests the moment the answer is kept, before the maker has finished writing', async () => {
    const cache = createAnswerCache();
    const maker = request();
    const routed: string[] = [];
    arrive(cache, maker, response(), () => routed.push('maker'));
    const waiter = response();
    arrive(cache, request(), waiter, () => routed.push('waiter'));
    await settle();
    expect(waiter.sent).toBeUndefined();

    cache.keep(maker, 200, { 'content-type': 'application/json' }, Buffer.from('{"a":1}'));
    await settle();
    expect(waiter.sent?.toString()).toBe('{"a":1}');
    expect(routed).toEqual(['maker']);
  });

  it('lets waiters read for themselves when the maker keeps nothing, without queueing them again', async () => {
    const cache = createAnswerCache();
    const maker = request();
    const routed: string[] = [];
    arrive(cache, maker, response(), () => routed.push('maker'));
    arrive(cache, request(), response(), () => routed.push('waiter 1'));
    arrive(cache, request(), response(), () => routed.push('waiter 2'));

    cache.keep(maker, 500, {}, Buffer.from('{"error":"server error"}'));
    await settle();
    expect(routed).toEqual(['maker', 'waiter 1', 'waiter 2']);
  });

  it('releases the requests of a route that keeps no answer as soon as it is routed', async () => {
    const cache = createAnswerCache();
    const first = request('/borderless/api/v1/orders/abc');
    const routed: string[] = [];
    arrive(cache, first, response(), () => routed.push('first'));
    arrive(cache, request('/borderless/api/v1/orders/abc'), response(), () => routed.push('second'));
    await settle();
    expect(routed).toEqual(['first']);

    cache.release(first);
    await settle();
    expect(routed).toEqual(['first', 'second']);
  });

  it('wakes the waiters when the maker response closes without an answer (a client gone)', async () => {
    const cache = createAnswerCache();
    const makerResponse = response();
    const routed: string[] = [];
    arrive(cache, request(), makerResponse, () => routed.push('maker'));
    arrive(cache, request(), response(), () => routed.push('waiter'));
    makerResponse.emit('close');
    await settle();
    expect(routed).toEqual(['maker', 'waiter']);
  });

  it('makes no one wait for a request answered in front of Fastify (the overload guard, the fast 404)', async () => {
    const cache = createAnswerCache();
    const routed: string[] = [];
    const missing = '/borderless/api/v1/nope';
    // The first is answered before it reaches Fastify: it never becomes the URL's maker.
    cache.handle(request(missing), response(), () => routed.push('answered in front'));
    arrive(cache, request(missing), response(), () => routed.push('second'));
    arrive(cache, request(missing), response(), () => routed.push('third'));
    await settle();
    expect(routed).toEqual(['answered in front', 'second']);
  });
});
