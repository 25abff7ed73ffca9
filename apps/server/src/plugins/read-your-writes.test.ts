import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { primaryReads, type ReadPool } from '../db/read-pool.ts';
import { createAnswerCache } from './answer-cache.ts';
import {
  hasPendingWrite,
  MOVES_STOCK,
  READ_AFTER_COOKIE,
  registerWritePositions,
} from './read-your-writes.ts';

/** A visitor who just moved stock reads for themself (ADR 097, 123). */
describe('a pending write and the answer cache', () => {
  const URL = '/borderless/api/v1/products/stocks?date=2026-12-01';
  const request = (cookie?: string) =>
    ({ method: 'GET', url: URL, headers: cookie ? { cookie } : {} }) as unknown as IncomingMessage;
  const response = () => {
    const res = {
      sent: undefined as Buffer | undefined,
      once: () => res,
      on: () => res,
      writeHead: () => res,
    };
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
    const makerResponse = response();
    // As app.ts chains it: a miss nobody is making becomes the URL's maker as it enters Fastify.
    cache.handle(maker, makerResponse, (mayMake) =>
      mayMake ? cache.make(maker, makerResponse, () => routed.push('maker')) : routed.push('maker'),
    );
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

/** Only writes that move stock leave the cookie (review finding 6): a join or a mail keeps the shared cache. */
describe('registerWritePositions', () => {
  const appWithReplica = async () => {
    const app = Fastify();
    await app.register(fastifyCookie);
    app.decorate('reads', { replica: true, primaryPosition: async () => '0/16B3748' } as unknown as ReadPool);
    registerWritePositions(app);
    app.post('/orders', MOVES_STOCK, async () => ({ held: true }));
    app.delete('/orders/:id', MOVES_STOCK, async (_request, reply) => reply.status(400).send({ error: 'x' }));
    app.post('/waiting-room/entries', async () => ({ place: 1 }));
    app.put('/orders/:id', async () => ({ saved: true }));
    return app;
  };
  const readAfterOf = (answer: { cookies: { name: string; value: string }[] }) =>
    answer.cookies.find((cookie) => cookie.name === READ_AFTER_COOKIE)?.value;

  it('sets it after a successful write that moves stock, and not after other writes or a refused one', async () => {
    const app = await appWithReplica();
    try {
      expect(readAfterOf(await app.inject({ method: 'POST', url: '/orders' }))).toBe('0/16B3748');
      expect(readAfterOf(await app.inject({ method: 'POST', url: '/waiting-room/entries' }))).toBeUndefined();
      expect(readAfterOf(await app.inject({ method: 'PUT', url: '/orders/x' }))).toBeUndefined();
      expect(readAfterOf(await app.inject({ method: 'DELETE', url: '/orders/x' }))).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('sets it without a replica too, at a position always replayed: the visitor reads past kept answers (ADR 123)', async () => {
    const app = Fastify();
    await app.register(fastifyCookie);
    app.decorate('reads', primaryReads({} as Db));
    registerWritePositions(app);
    app.post('/orders', MOVES_STOCK, async () => ({ held: true }));
    try {
      const answer = await app.inject({ method: 'POST', url: '/orders' });
      expect(readAfterOf(answer)).toBe('0/0');
      expect(hasPendingWrite(`${READ_AFTER_COOKIE}=0/0`)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
