import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadEnv } from '../../config/env.ts';
import { createDb, type Db } from '../../db/client.ts';
import { CLIENT_BUDGETS } from '../rate-limit.ts';
import { orderBody, postOrder, productWithSlot, SITE_PATH } from '../../../test/order-support.ts';
import { cloneTemplate } from '../../../test/test-database.ts';
import { STORE_RETRY_MS } from './shared-rate-limit-store.ts';

/**
 * A rate-limit store that does not answer (ADR 093): calls count in the process instead, the budget still
 * holds there, nobody gets a 5xx, and the log says so once (not once per request); the shared count
 * resumes when the store answers again.
 */
describe('a rate-limit store that does not answer', () => {
  let url: string;
  let drop: () => Promise<void>;
  let db: Db;
  const apps: App[] = [];
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const storeLines = (what: string) => logLines.filter((line) => line.includes(`rate-limit store ${what}`));

  beforeAll(async () => {
    const { adminUrl, template } = inject('testDatabase');
    ({ url, drop } = await cloneTemplate(adminUrl, template));
    db = createDb(url, 10);
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.$client.end();
    await drop?.();
  });

  async function appWith(env: Record<string, string>): Promise<App> {
    const app = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'warn', ...env }),
      db,
      webDistDir: '/nonexistent/',
      logStream,
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  /** One client's budget of holds plus two: every answer's status. */
  async function pastTheBudget(app: App, client: string): Promise<number[]> {
    const slot = await productWithSlot(db, 100);
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_BUDGETS.orderHolds.max + 2; i++)
      statuses.push((await postOrder(app, orderBody(slot, 1), SITE_PATH, client)).statusCode);
    return statuses;
  }

  function expectCountedInProcess(statuses: number[]) {
    const { max } = CLIENT_BUDGETS.orderHolds;
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.slice(0, max)).not.toContain(429);
    expect(statuses.slice(0, max)).toContain(201);
    expect(statuses.slice(max)).toEqual([429, 429]);
  }

  it('Redis refusing connections: counts per process, one log line', async () => {
    logLines.length = 0;
    const app = await appWith({ REDIS_URL: 'redis://127.0.0.1:1' });
    expectCountedInProcess(await pastTheBudget(app, '198.51.100.1'));
    expect(storeLines('redis unreachable')).toHaveLength(1);
    expect(storeLines('redis unreachable')[0]).toContain('"level":50');
  });

  it('PostgreSQL statement failing: counts per process, one log line, and shares again once it answers', async () => {
    logLines.length = 0;
    const app = await appWith({});
    await db.execute(sql`ALTER TABLE rate_limit_counters RENAME TO rate_limit_counters_away`);
    try {
      expectCountedInProcess(await pastTheBudget(app, '198.51.100.2'));
      expect(storeLines('postgresql unreachable')).toHaveLength(1);
    } finally {
      await db.execute(sql`ALTER TABLE rate_limit_counters_away RENAME TO rate_limit_counters`);
    }
    // After STORE_RETRY_MS one call tries the table again; from then on calls count there.
    const slot = await productWithSlot(db, 10);
    const client = '198.51.100.3';
    let shared = 0;
    for (let attempt = 0; attempt < 20 && shared === 0; attempt++) {
      await sleep(STORE_RETRY_MS / 2);
      expect((await postOrder(app, orderBody(slot, 1), SITE_PATH, client)).statusCode).toBeLessThan(500);
      const { rows } = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM rate_limit_counters WHERE key LIKE ${`%orders|order-holds|%${client}`}`,
      );
      shared = rows[0]!.n;
    }
    expect(shared).toBe(1);
    expect(storeLines('postgresql answers again')).toHaveLength(1);
    expect(storeLines('postgresql unreachable')).toHaveLength(1);
  });
});
