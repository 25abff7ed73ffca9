import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { setupTestApp } from '../../test/helper.ts';
import { orderBody, postOrder, productWithSlot, SITE_PATH } from '../../test/order-support.ts';
import { DEFAULT_OVERLOAD_LIMITS, startLoadSignals } from './overload-guard.ts';

describe('overload protection (ADR 034)', () => {
  const ctx = setupTestApp();
  const load = { lag: 0, waiting: 0 };
  let app: App;

  beforeAll(async () => {
    app = await buildApp({
      env: ctx.env,
      db: ctx.db,
      webDistDir: '/nonexistent/',
      overload: { signals: { lagMs: () => load.lag, poolWaiting: () => load.waiting } },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const read = () => app.inject({ method: 'GET', url: `${SITE_PATH}/langs` });

  it('answers normally when the process keeps up', async () => {
    Object.assign(load, { lag: 0, waiting: 0 });
    expect((await read()).statusCode).toBe(200);
  });

  it('refuses reads first with a fast 503 and Retry-After while holds still go through', async () => {
    Object.assign(load, { lag: DEFAULT_OVERLOAD_LIMITS.readLagMs + 10, waiting: 0 });
    const refused = await read();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: 'server busy' });
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['cache-control']).toBe('no-store');
    const slot = await productWithSlot(ctx.db, 5);
    expect((await postOrder(app, orderBody(slot, 1))).statusCode).toBe(201);
  });

  it('refuses reads when queries queue for a connection, holds keep going', async () => {
    Object.assign(load, { lag: 0, waiting: DEFAULT_OVERLOAD_LIMITS.readPoolWaiting + 1 });
    expect((await read()).statusCode).toBe(503);
    const slot = await productWithSlot(ctx.db, 5);
    expect((await postOrder(app, orderBody(slot, 1))).statusCode).toBe(201);
  });

  it('refuses holds too far past the point where reads are refused, before taking any stock', async () => {
    Object.assign(load, { lag: DEFAULT_OVERLOAD_LIMITS.writeLagMs + 10, waiting: 0 });
    const slot = await productWithSlot(ctx.db, 5);
    const refused = await postOrder(app, orderBody(slot, 1));
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    const { rows } = await ctx.db.$client.query('SELECT held FROM time_spans WHERE id = $1', [slot.spanId]);
    expect(rows[0].held).toBe(0);
    Object.assign(load, { lag: 0, waiting: 0 });
    expect((await postOrder(app, orderBody(slot, 1))).statusCode).toBe(201);
  });

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
