import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { Writable } from 'node:stream';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@kippu/contract';
import { setupTestApp, xsrfHeaders } from '../../test/helper.ts';
import { buildApp } from '../app.ts';
import { createDb, type Db } from '../db/client.ts';
import { DEFAULT_OVERLOAD_LIMITS } from './overload-guard.ts';

const ctx = setupTestApp();

/** A raw HTTP request to a listening server (inject bypasses Node's parser, which raises 431). */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('errors the framework raises use the one error body', () => {
  it('answers a URL that does not decode with 400 and does not echo it', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/demo/api/v1/orders/%ZZ', headers: xsrfHeaders() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid request' });
    }
  });

  it('answers a path parameter over the router limit with 414 and does not echo it', async () => {
    const long = 'q'.repeat(120);
    for (const [method, url] of [
      ['PUT', `/demo/api/v1/orders/${long}`],
      ['DELETE', `/demo/api/v1/orders/${long}`],
      ['POST', `/demo/api/v1/ordercoupons/${long}`],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: xsrfHeaders(), payload: {} });
      expect(res.statusCode, method).toBe(414);
      expect(res.json()).toEqual({ error: 'invalid request' });
    }
    // A GET that long is matched by the page route's wildcard, which has no length limit: a JSON 404.
    const get = await ctx.app.inject({ method: 'GET', url: `/demo/api/v1/orders/${long}` });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ error: 'not found' });
  });

  it('answers a 100 KB query with 431 and the one error body', async () => {
    const app = await ctx.anotherApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const res = await rawGet(port, `/demo/api/v1/products?lang=ja&pad=${'x'.repeat(100 * 1024)}`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ error: 'invalid request' });
  });
});

describe('a database that cannot answer: 503 temporarily unavailable with Retry-After (ADR 046)', () => {
  const quiet = { onConnectionError: () => undefined };

  async function appOn(db: Db, logStream?: Writable) {
    const env = logStream ? { ...ctx.env, LOG_LEVEL: 'info' as const } : ctx.env;
    const app = await buildApp({ env, db, webDistDir: '/nonexistent/', logStream });
    await app.ready();
    return app;
  }

  function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ error: ERRORS.temporarily_unavailable.message });
  }

  it('answers 503 once the database refuses connections (and drops those it had)', async () => {
    // The app reaches the database through a proxy the test cuts: a stopped database, as the app sees it.
    const target = new URL(ctx.env.DATABASE_URL!);
    const sockets = new Set<Socket>();
    const proxy = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxied = new URL(target);
    proxied.hostname = '127.0.0.1';
    proxied.port = String((proxy.address() as AddressInfo).port);
    const db = createDb(
      proxied.toString(),
      2,
      { connectMs: 1000, statementMs: 1000, idleInTransactionMs: 1000 },
      quiet,
    );
    const app = await appOn(db);
    try {
      expect((await app.inject({ method: 'GET', url: '/borderless/api/v1/langs' })).statusCode).toBe(200);
      await new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      expectUnavailable(await app.inject({ method: 'GET', url: '/borderless/api/v1/langs' }));
      const hold = (payload: object) =>
        app.inject({ method: 'POST', url: '/demo/api/v1/orders', headers: xsrfHeaders(), payload });
      expectUnavailable(
        await hold({
          lang: 'en',
          product_uuid: randomUUID(),
          time_span_id: 1,
          quantity: 1,
          option_values: [{ option_value_id: 1, quantity: 1 }],
          set_products: [],
        }),
      );
      // Bad input is refused before any statement: still a 400, never a 5xx.
      expect((await hold({})).statusCode).toBe(400);
    } finally {
      await app.close();
      await db.$client.end();
    }
  });

  it('answers 503 for a statement past the statement timeout, and still 400 for bad input', async () => {
    const db = createDb(
      ctx.env.DATABASE_URL!,
      2,
      { connectMs: 2000, statementMs: 300, idleInTransactionMs: 5000 },
      quiet,
    );
    const app = await appOn(db);
    // Warm the site cache while nothing blocks, so the next call reaches its route's own statement.
    expect((await app.inject({ method: 'GET', url: '/borderless/api/v1/langs' })).statusCode).toBe(200);
    try {
      await ctx.db.transaction(async (tx) => {
        // A statement that waits (here for a lock) past the limit: cancelled by the server, 57014.
        await tx.execute(sql`LOCK TABLE languages IN ACCESS EXCLUSIVE MODE`);
        expectUnavailable(await app.inject({ method: 'GET', url: '/borderless/api/v1/langs' }));
        const bad = await app.inject({ method: 'GET', url: '/borderless/api/v1/texts?lang=xx' });
        expect(bad.statusCode).toBe(400);
      });
      expect((await app.inject({ method: 'GET', url: '/borderless/api/v1/langs' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.$client.end();
    }
  });

  it('answers 503 server busy (the overload answer, no outage warning) when every pooled connection stays busy', async () => {
    const db = createDb(
      ctx.env.DATABASE_URL!,
      1,
      { connectMs: 300, statementMs: 5000, idleInTransactionMs: 5000 },
      quiet,
    );
    let log = '';
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const app = await appOn(db, logStream);
    expect((await app.inject({ method: 'GET', url: '/borderless/api/v1/langs' })).statusCode).toBe(200);
    // The pool's only connection, checked out by someone else's long work: load, not an outage.
    const busy = await db.$client.connect();
    try {
      const res = await app.inject({ method: 'GET', url: '/borderless/api/v1/langs' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(DEFAULT_OVERLOAD_LIMITS.retryAfterSeconds));
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ error: ERRORS.server_busy.message });
      expect(log).toContain('"statusCode":503');
      expect(log).not.toContain('database unavailable');
    } finally {
      busy.release();
      await app.close();
      await db.$client.end();
    }
  });
});

describe("another upstream's socket error is not the database's (ADR 046)", () => {
  it('a gateway fetch refused (ECONNREFUSED under fetch failed) answers 500, not 503 temporarily unavailable', async () => {
    const app = await buildApp({ env: ctx.env, db: ctx.db, webDistDir: '/nonexistent/' });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    app.get('/test/gateway-down', async () => {
      throw new TypeError('fetch failed', { cause: refused });
    });
    app.get('/test/smtp-down', async () => {
      throw refused;
    });
    await app.ready();
    try {
      for (const url of ['/test/gateway-down', '/test/smtp-down']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(500);
        expect(res.json()).toEqual({ error: ERRORS.internal_error.message });
      }
    } finally {
      await app.close();
    }
  });
});
