import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calendarColorsResponseSchema,
  orderableStocksResponseSchema,
  productsResponseSchema,
  stocksResponseSchema,
} from '@kippu/contract';
import { migrateGatewaySimulator } from '@kippu/gateway-simulator';
import { buildApp, type App } from '../src/app.ts';
import { loadEnv } from '../src/config/env.ts';
import { createDb, type Db } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createReadPool, type ReadPool } from '../src/db/read-pool.ts';
import { READ_AFTER_COOKIE } from '../src/plugins/read-your-writes.ts';
import { seedOnStart } from '../src/seed/index.ts';
import { at, cleanSite, setStock, tokyoDate } from '../src/features/catalogue/catalogue-test-fixtures.ts';
import { createProduct, createTimeSpan } from './factories.ts';
import { visitorAddress, xsrfHeaders } from './helper.ts';
import { orderBody, productWithSlot } from './order-support.ts';
import { replicaClusterMissing, startReplicaCluster, type ReplicaCluster } from './replica-cluster.ts';

/**
 * Issue 31, acceptance 3: catalogue reads through a real streaming replica (ADR 097). A test primary and a
 * `pg_basebackup -R` standby from the machine's PostgreSQL binaries; the app writes to the primary and
 * reads the catalogue from the standby. Pausing the standby's replay proves where each read came from: a
 * change made on the primary after the pause is invisible to a replica read.
 */
const missing = await replicaClusterMissing();
const inCi = process.env.CI === 'true' || process.env.CI === '1';
if (missing && !inCi) console.warn(`read replica test skipped: ${missing}`);

describe.runIf(!missing || inCi)('catalogue reads from a streaming replica', () => {
  let cluster: ReplicaCluster;
  let db: Db;
  let reads: ReadPool;
  let app: App;
  const logged: { level: number; msg: string }[] = [];
  const day = tokyoDate(6);
  let product: Awaited<ReturnType<typeof createProduct>>;
  let morning: number;
  let noon: number;

  beforeAll(async () => {
    // In CI a missing binary is a failure, not a skip (acceptance 3 runs there).
    if (missing) throw new Error(`read replica test cannot run: ${missing}`);
    cluster = await startReplicaCluster();
    db = createDb(cluster.primaryUrl(), 10);
    await migrateGatewaySimulator(db.$client);
    await migrate(db.$client);
    await seedOnStart(db, { demo: false });
    // Short limits, so a stopped standby is given up on at once and retried within a second.
    reads = createReadPool(db, cluster.standbyUrl(), 4, {
      connectMs: 1000,
      statementMs: 2000,
      idleInTransactionMs: 10_000,
    });
    const env = loadEnv({
      NODE_ENV: 'test',
      DATABASE_URL: cluster.primaryUrl(),
      DATABASE_READ_URL: cluster.standbyUrl(),
      LOG_LEVEL: 'warn',
    });
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          try {
            logged.push(JSON.parse(line) as { level: number; msg: string });
          } catch {
            logged.push({ level: 0, msg: line });
          }
        }
        done();
      },
    });
    app = await buildApp({ env, db, reads, webDistDir: '/nonexistent/', logStream });
    await app.ready();

    await cleanSite(db, 'NAGAI', { fewStockThreshold: 3, calendarColorized: true });
    product = await createProduct(db, { site: 'NAGAI', maxQuantity: 6 });
    morning = await createTimeSpan(db, { productId: product.id, capacity: 40, startsAt: at(day, '09:00') });
    noon = await createTimeSpan(db, { productId: product.id, capacity: 10, startsAt: at(day, '12:00') });
    await setStock(db, noon, { held: 2, sold: 6 });
    await db.$client.query(
      `INSERT INTO calendar_colors (site_code, date, color_code) VALUES ('NAGAI', $1, '#ff0000')`,
      [day],
    );
    await cluster.caughtUp();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await reads?.close();
    await db?.$client.end();
    await cluster?.destroy();
  }, 60_000);

  const get = (path: string, cookie?: string, site = 'nagai') =>
    app.inject({ method: 'GET', url: `/${site}/api/v1/${path}`, ...(cookie ? { headers: { cookie } } : {}) });
  const stocks = async (cookie?: string, site = 'nagai', uuid = product.uuid) => {
    const res = await get(`products/stocks?date=${day}&product_id=${uuid}&lang=en`, cookie, site);
    expect(res.statusCode).toBe(200);
    return stocksResponseSchema
      .parse(res.json())
      .map(({ id, remaining, status }) => ({ id, remaining, status }));
  };
  const colors = async () => {
    const res = await get(`calendar/colors?from=${day}&to=${day}`);
    expect(res.statusCode).toBe(200);
    return calendarColorsResponseSchema.parse(res.json());
  };
  const productNames = async () => {
    const res = await get('products?lang=en');
    expect(res.statusCode).toBe(200);
    return productsResponseSchema.parse(res.json()).map((p) => p.name);
  };
  const warnings = (text: string) => logged.filter((line) => line.msg.includes(text));

  it('reads products, stock and calendar colours on the replica; another change shows once it is replayed', async () => {
    expect(await stocks()).toEqual([
      { id: morning, remaining: 40, status: 'available' },
      { id: noon, remaining: 2, status: 'few' },
    ]);
    expect(await colors()).toEqual([{ date: day, color_code: '#ff0000' }]);
    expect(await productNames()).toEqual(['Fixture product (en)']);

    await cluster.pauseReplay();
    try {
      // Someone else's changes, on the primary only while the replica stands still.
      await setStock(db, morning, { sold: 40 });
      await db.$client.query(`UPDATE calendar_colors SET color_code = '#00ff00' WHERE site_code = 'NAGAI'`);
      await db.$client.query(
        `UPDATE products SET names = jsonb_set(names, '{en}', '"Renamed"') WHERE id = $1`,
        [product.id],
      );
      const res = await get(`products/stocks?date=${day}&product_id=${product.uuid}&lang=en`);
      expect(res.headers['cache-control']).toBe('public, max-age=1');
      expect(await stocks()).toEqual([
        { id: morning, remaining: 40, status: 'available' },
        { id: noon, remaining: 2, status: 'few' },
      ]);
      expect(await colors()).toEqual([{ date: day, color_code: '#ff0000' }]);
      expect(await productNames()).toEqual(['Fixture product (en)']);
    } finally {
      await cluster.resumeReplay();
    }
    await cluster.caughtUp();
    expect(await stocks()).toEqual([
      { id: morning, remaining: 0, status: 'sold_out' },
      { id: noon, remaining: 2, status: 'few' },
    ]);
    expect(await colors()).toEqual([{ date: day, color_code: '#00ff00' }]);
    expect(await productNames()).toEqual(['Renamed']);
  });

  it("shows a visitor their own hold while the replica lags, privately; others see the replica's stock", async () => {
    const slot = await productWithSlot(db, 10);
    await cluster.caughtUp();
    const orderable = async (cookie?: string) => {
      const res = await get(
        `products/orderable_stocks?product_time_span_id=${slot.spanId}&channel=web`,
        cookie,
        'demo',
      );
      expect(res.statusCode).toBe(200);
      return { remaining: orderableStocksResponseSchema.parse(res.json()).remaining, res };
    };
    expect((await orderable()).remaining).toBe(10);

    await cluster.pauseReplay();
    try {
      const hold = await app.inject({
        method: 'POST',
        url: '/demo/api/v1/orders',
        headers: xsrfHeaders(),
        remoteAddress: visitorAddress(),
        payload: orderBody(slot, 2),
      });
      expect(hold.statusCode).toBe(201);
      const readAfter = hold.cookies.find((cookie) => cookie.name === READ_AFTER_COOKIE);
      expect(readAfter?.value).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
      expect(readAfter?.httpOnly).toBe(true);
      const cookie = `${READ_AFTER_COOKIE}=${readAfter!.value}`;

      // The visitor who held: the primary's answer, never kept by a shared cache.
      const own = await orderable(cookie);
      expect(own.remaining).toBe(8);
      expect(own.res.headers['cache-control']).toBe('private, no-store');
      expect(own.res.headers['cdn-cache-control']).toBeUndefined();
      // Still behind: the cookie is kept for another while.
      expect(own.res.cookies.find((c) => c.name === READ_AFTER_COOKIE)?.value).toBe(readAfter!.value);
      // Everyone else: the replica's (older) answer, shared-cacheable.
      const other = await orderable();
      expect(other.remaining).toBe(10);
      expect(other.res.headers['cache-control']).toBe('public, max-age=1');
    } finally {
      await cluster.resumeReplay();
    }
    await cluster.caughtUp();
    expect((await orderable()).remaining).toBe(8);
  });

  it("over HTTP: the answer cache shares the replica's answer with others, never with the visitor who held", async () => {
    const slot = await productWithSlot(db, 10);
    await cluster.caughtUp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/demo/api/v1/products/orderable_stocks?product_time_span_id=${slot.spanId}&channel=web`;
    const remaining = async (cookie?: string) => {
      const res = await fetch(url, cookie ? { headers: { cookie } } : {});
      expect(res.status).toBe(200);
      const body = orderableStocksResponseSchema.parse(await res.json());
      return { remaining: body.remaining, cacheControl: res.headers.get('cache-control') };
    };
    await cluster.pauseReplay();
    try {
      expect(await remaining()).toEqual({ remaining: 10, cacheControl: 'public, max-age=1' });
      const hold = await fetch(`${address}/demo/api/v1/orders`, {
        method: 'POST',
        headers: { ...xsrfHeaders(), 'content-type': 'application/json' },
        body: JSON.stringify(orderBody(slot, 3)),
      });
      expect(hold.status).toBe(201);
      const readAfter = hold.headers
        .getSetCookie()
        .map((line) => line.split(';')[0]!)
        .find((pair) => pair.startsWith(`${READ_AFTER_COOKIE}=`));
      expect(readAfter).toBeDefined();
      // Within the second the kept answer may be served: the visitor who held is not served it.
      expect(await remaining(`XSRF-TOKEN=x; ${readAfter}`)).toEqual({
        remaining: 7,
        cacheControl: 'private, no-store',
      });
      expect((await remaining()).remaining).toBe(10);
    } finally {
      await cluster.resumeReplay();
    }
  });

  it('falls back to the primary while the replica is stopped, with one log line, and goes back to it', async () => {
    const before = await stocks();
    await cluster.stopStandby();
    try {
      await setStock(db, noon, { held: 0, sold: 0 });
      for (let i = 0; i < 5; i++) {
        const res = await get(`products/stocks?date=${day}&product_id=${product.uuid}&lang=en`);
        expect(res.statusCode).toBe(200);
      }
      // Served by the primary: the change made while the standby was down shows.
      expect(await stocks()).toEqual([before[0], { id: noon, remaining: 10, status: 'available' }]);
      expect(await colors()).toEqual([{ date: day, color_code: '#00ff00' }]);
      expect(warnings('read replica unavailable')).toHaveLength(1);
    } finally {
      await cluster.startStandby();
    }
    await cluster.caughtUp();
    // Reads try the replica again in the background (at most once a second) and move back to it.
    const deadline = Date.now() + 20_000;
    while (warnings('read replica reachable again').length === 0 && Date.now() < deadline) {
      await stocks();
      await sleep(200);
    }
    expect(warnings('read replica reachable again')).toHaveLength(1);
    await cluster.pauseReplay();
    try {
      await setStock(db, noon, { sold: 10 });
      expect(await stocks()).toEqual([before[0], { id: noon, remaining: 10, status: 'available' }]);
    } finally {
      await cluster.resumeReplay();
    }
    expect(warnings('read replica unavailable')).toHaveLength(1);
  });
});
