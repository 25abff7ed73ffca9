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

  it('serves the waiting requests the moment the answer is kept, before the maker has finished writing', async () => {
    const cache = createAnswerCache();
    const maker = request();
    const routed: string[] = [];
    cache.handle(maker, response(), () => routed.push('maker'));
    const waiter = response();
    cache.handle(request(), waiter, () => routed.push('waiter'));
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
    cache.handle(maker, response(), () => routed.push('maker'));
    cache.handle(request(), response(), () => routed.push('waiter 1'));
    cache.handle(request(), response(), () => routed.push('waiter 2'));

    cache.keep(maker, 500, {}, Buffer.from('{"error":"server error"}'));
    await settle();
    expect(routed).toEqual(['maker', 'waiter 1', 'waiter 2']);
  });

  it('releases the requests of a route that keeps no answer as soon as it is routed', async () => {
    const cache = createAnswerCache();
    const first = request('/borderless/api/v1/orders/abc');
    const routed: string[] = [];
    cache.handle(first, response(), () => routed.push('first'));
    cache.handle(request('/borderless/api/v1/orders/abc'), response(), () => routed.push('second'));
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
    cache.handle(request(), makerResponse, () => routed.push('maker'));
    cache.handle(request(), response(), () => routed.push('waiter'));
    makerResponse.emit('close');
    await settle();
    expect(routed).toEqual(['maker', 'waiter']);
  });
});
