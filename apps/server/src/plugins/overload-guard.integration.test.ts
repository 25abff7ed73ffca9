import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../../test/helper.ts';
import { orderBody, productWithSlot, SITE_PATH } from '../../test/order-support.ts';
import { DEFAULT_OVERLOAD_LIMITS, startLoadSignals } from './overload-guard.ts';

/**
 * The guard runs in Node's request handler in front of Fastify (app.inject does not go through it), so
 * these tests speak real HTTP to a listening app whose load signals they set.
 */
describe('overload protection (ADR 034)', () => {
  const ctx = setupTestApp();
  const load = { lag: 0, waiting: 0 };
  const limits = { readInFlight: 4, writeInFlight: 6 };
  let app: App;
  let base = '';

  beforeAll(async () => {
    app = await buildApp({
      // Each hold as another visitor behind the proxy, as in production: the hold caps count per client.
      env: { ...ctx.env, TRUST_PROXY: ['loopback'] },
      db: ctx.db,
      webDistDir: '/nonexistent/',
      overload: { limits, signals: { lagMs: () => load.lag, poolWaiting: () => load.waiting } },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app.close();
  });

  const read = () => fetch(`${base}${SITE_PATH}/langs`);
  const hold = (slot: Awaited<ReturnType<typeof productWithSlot>>) =>
    fetch(`${base}${SITE_PATH}/orders`, {
      method: 'POST',
      headers: { ...xsrfHeaders(), 'content-type': 'application/json', 'x-forwarded-for': visitorAddress() },
      body: JSON.stringify(orderBody(slot, 1)),
    });
  const heldOn = async (spanId: number) =>
    (await ctx.db.$client.query('SELECT held FROM time_spans WHERE id = $1', [spanId])).rows[0].held;

  it('answers normally when the process keeps up', async () => {
    Object.assign(load, { lag: 0, waiting: 0 });
    expect((await read()).status).toBe(200);
  });

  it('refuses reads first with a fast 503 and Retry-After while holds still go through', async () => {
    Object.assign(load, { lag: DEFAULT_OVERLOAD_LIMITS.readLagMs + 10, waiting: 0 });
    const refused = await read();
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ error: 'server busy' });
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    // The router decodes the path: an encoded API path is the API too, and no way around the guard.
    const encoded = await fetch(`${base}${SITE_PATH.replace('/api/', '/%61pi/')}/langs`);
    expect(encoded.status).toBe(503);
    const slot = await productWithSlot(ctx.db, 5);
    expect((await hold(slot)).status).toBe(201);
  });

  it('refuses reads when queries queue for a connection, holds keep going', async () => {
    Object.assign(load, { lag: 0, waiting: DEFAULT_OVERLOAD_LIMITS.readPoolWaiting + 1 });
    expect((await read()).status).toBe(503);
    const slot = await productWithSlot(ctx.db, 5);
    expect((await hold(slot)).status).toBe(201);
  });

  it('refuses holds too far past the point where reads are refused, before taking any stock', async () => {
    Object.assign(load, { lag: DEFAULT_OVERLOAD_LIMITS.writeLagMs + 10, waiting: 0 });
    const slot = await productWithSlot(ctx.db, 5);
    const refused = await hold(slot);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await heldOn(slot.spanId)).toBe(0);
    Object.assign(load, { lag: 0, waiting: 0 });
    expect((await hold(slot)).status).toBe(201);
  });

  it('bounds the requests in flight: past the read limit reads are refused, holds only past the write limit', async () => {
    Object.assign(load, { lag: 0, waiting: 0 });
    // Requests in flight: the pool is made to wait by locking the slot's row, so holds stay in flight.
    const slot = await productWithSlot(ctx.db, 100);
    const blocker = await ctx.db.$client.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM time_spans WHERE id = $1 FOR UPDATE', [slot.spanId]);
      const stuck = Array.from({ length: limits.readInFlight }, () => hold(slot));
      await expect.poll(readIsRefused, { timeout: 5000 }).toBe(true);
      // At the read limit: reads are refused, holds are still let in.
      const admitted = Array.from({ length: limits.writeInFlight - limits.readInFlight }, () => hold(slot));
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Now at the write limit: a hold is refused without touching stock.
      const refused = await hold(slot);
      expect(refused.status).toBe(503);
      await blocker.query('COMMIT');
      const answers = await Promise.all([...stuck, ...admitted]);
      expect(answers.map((answer) => answer.status)).toEqual(
        Array.from({ length: limits.writeInFlight }, () => 201),
      );
      expect(await heldOn(slot.spanId)).toBe(limits.writeInFlight);
      expect((await read()).status).toBe(200);
    } finally {
      blocker.release();
    }
  });

  /** True once the app holds as many API requests in flight as the read limit. */
  async function readIsRefused(): Promise<boolean> {
    return (await read()).status === 503;
  }

  it('measures a blocked event loop as delay', async () => {
    const signals = startLoadSignals({ waitingCount: 3 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const until = performance.now() + 120;
      while (performance.now() < until) {
        // Block the loop as a burst of CPU work would.
      }
      expect(signals.lagMs()).toBeGreaterThan(DEFAULT_OVERLOAD_LIMITS.readLagMs);
      expect(signals.poolWaiting()).toBe(3);
    } finally {
      signals.stop();
    }
  });
});
