import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { setupTestApp } from '../../test/helper.ts';
import { SITE_PATH } from '../../test/order-support.ts';
import { DEFAULT_OVERLOAD_LIMITS } from '../plugins/overload-guard.ts';

/** Health answers for load balancers (issue 31, ADR 099): alive, ready, draining, database trouble. */
describe('GET /healthz and /readyz', () => {
  const ctx = setupTestApp();

  it('healthz: alive, never kept by a cache', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok' });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('readyz: ready when the database answers and every migration is applied', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok' });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('readyz: 503 while a migration this build ships is missing from the database', async () => {
    const { rows } = await ctx.db.$client.query<{ name: string }>(
      'DELETE FROM schema_migrations WHERE name = (SELECT max(name) FROM schema_migrations) RETURNING name',
    );
    try {
      const answer = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ error: 'temporarily unavailable', reason: 'migrations_pending' });
    } finally {
      await ctx.db.$client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [rows[0]!.name]);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('readyz: 503 when the database does not answer in time; healthz stays 200', async () => {
    // A session that holds the table the probe reads: the probe's statement waits past its timeout, as it
    // would on a frozen or unreachable database.
    const blocker = new pg.Client({ connectionString: ctx.env.DATABASE_URL });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE schema_migrations IN ACCESS EXCLUSIVE MODE');
      const [ready, alive] = await Promise.all([
        ctx.app.inject({ method: 'GET', url: '/readyz' }),
        ctx.app.inject({ method: 'GET', url: '/healthz' }),
      ]);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ error: 'temporarily unavailable', reason: 'database_unreachable' });
      expect(ready.headers['cache-control']).toBe('no-store');
      expect(alive.statusCode).toBe(200);
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('readyz: 503 once draining has begun (SIGTERM), while healthz and the API still answer', async () => {
    const app = await ctx.anotherApp();
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    app.readiness.beginDraining();
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ error: 'temporarily unavailable', reason: 'draining' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // Draining is not refusing: requests the load balancer sent before it noticed are still answered.
    expect((await app.inject({ method: 'GET', url: `${SITE_PATH}/langs` })).statusCode).toBe(200);
  });
});

/** The overload guard sheds visitors' API calls; a load balancer's probe is not one (ADR 034, 099). */
describe('health answers under overload', () => {
  const ctx = setupTestApp();
  let app: App;
  let base = '';

  beforeAll(async () => {
    app = await buildApp({
      env: ctx.env,
      db: ctx.db,
      webDistDir: '/nonexistent/',
      overload: { signals: { lagMs: () => DEFAULT_OVERLOAD_LIMITS.writeLagMs + 10, poolWaiting: () => 0 } },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => app?.close());

  it('sheds the API but answers healthz, readyz and metrics', async () => {
    expect((await fetch(`${base}${SITE_PATH}/langs`)).status).toBe(503);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.status).toBe(200);
    // The refusals never reach Fastify; the guard's own count tells them (one so far in this app).
    const text = await metrics.text();
    expect(text).toMatch(/^kippu_overload_shed_total 1$/m);
    expect(text).toMatch(/^kippu_api_in_flight 0$/m);
  });
});
