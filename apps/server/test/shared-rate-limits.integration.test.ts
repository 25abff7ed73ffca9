import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CONSOLE_API_PATH } from '@kippu/contract';
import { buildApp, type App } from '../src/app.ts';
import { loadEnv } from '../src/config/env.ts';
import { createDb, type Db } from '../src/db/client.ts';
import { LOGIN_PER_CLIENT } from '../src/features/membership/routes.ts';
import { CLIENT_FAILURE_LIMIT } from '../src/domain/staff/sign-in-limits.ts';
import { CLIENT_BUDGETS } from '../src/plugins/rate-limit.ts';
import { TEST_CONSOLE_ORIGIN } from './console-sign-in.ts';
import { xsrfHeaders } from './helper.ts';
import { orderBody, postOrder, productWithSlot, SITE_PATH } from './order-support.ts';
import { spawnServer, type ServerChild } from './server-child.ts';
import { cloneTemplate } from './test-database.ts';

/**
 * Acceptance 1 of issue 31 (ADR 093): one client's budget is one budget across server processes. Two apps
 * on one database, each with its own pool, rate-limit store and process memory, answer the calls in turn;
 * the call past the budget is refused whichever answers. For both stores: PostgreSQL always, Redis at
 * TEST_REDIS_URL (outside CI a missing Redis skips that half with a message; in CI it fails).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp) {
  if (process.env.CI === 'true') throw new Error(`CI runs the Redis store's tests: no Redis at ${REDIS_URL}`);
  console.warn(
    `shared-rate-limits: no Redis at ${REDIS_URL} (TEST_REDIS_URL); the Redis store's tests are skipped`,
  );
}

let url: string;
let drop: () => Promise<void>;
let setupDb: Db;

beforeAll(async () => {
  const { adminUrl, template } = inject('testDatabase');
  ({ url, drop } = await cloneTemplate(adminUrl, template));
  setupDb = createDb(url, 5);
  // DEMO offers the membership login here (the seeded membership site is ARTIZON).
  await setupDb.execute(sql`UPDATE sites SET settings = jsonb_set(settings, '{isUseMembershipLogin}', 'true')
                            WHERE code = 'DEMO'`);
});

afterAll(async () => {
  await setupDb?.$client.end();
  await drop?.();
});

const stores = [
  { store: 'PostgreSQL', redisUrl: undefined, client: '192.0.2.10', skip: false },
  { store: 'Redis', redisUrl: REDIS_URL, client: '192.0.2.20', skip: !redisUp },
];

describe.each(stores)('one budget per client across two server processes ($store store)', (store) => {
  const apps: App[] = [];
  const pools: Db[] = [];
  // A counter's key is the route and the client: a test's own client per budget, one run's own Redis keys.
  const client = (n: number) => `${store.client}${n}`;

  beforeAll(async () => {
    if (store.skip) return;
    const env = loadEnv({
      NODE_ENV: 'test',
      DATABASE_URL: url,
      LOG_LEVEL: 'silent',
      ...(store.redisUrl ? { REDIS_URL: store.redisUrl } : {}),
    });
    // One prefix for both processes: the run's own Redis keys, which they share.
    const rateLimitRedisKeyPrefix = `test-${randomUUID()}:`;
    for (let i = 0; i < 2; i++) {
      const db = createDb(url, 10);
      pools.push(db);
      const app = await buildApp({
        env,
        db,
        webDistDir: '/nonexistent/',
        rateLimitRedisKeyPrefix,
      });
      await app.ready();
      apps.push(app);
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of pools) await db.$client.end();
  });

  /** The i-th call goes to the first process when i is even, to the second when odd. */
  const appFor = (i: number) => apps[i % 2]!;

  const expectRefused = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ error: 'too many requests' });
  };

  /** Every call within the budget was answered, by either process, without the rate limit's refusal. */
  const expectWithinBudget = (statuses: number[], max: number) => {
    expect(statuses).toHaveLength(max);
    expect(statuses.filter((status) => status === 429 || status >= 500)).toEqual([]);
  };

  it.skipIf(store.skip)(
    "refuses one client's 31st POST /orders in a minute, whichever process answers",
    async () => {
      const slot = await productWithSlot(setupDb, 200);
      const { max } = CLIENT_BUDGETS.orderHolds;
      expect(max).toBe(30);
      const statuses: number[] = [];
      for (let i = 0; i < max; i++)
        statuses.push((await postOrder(appFor(i), orderBody(slot, 1), SITE_PATH, client(1))).statusCode);
      // Holds past the client's hold caps answer 409 (ADR 015): counted calls all the same.
      expectWithinBudget(statuses, max);
      expect(statuses).toContain(201);
      expectRefused(await postOrder(appFor(max), orderBody(slot, 1), SITE_PATH, client(1)));
      expectRefused(await postOrder(appFor(max + 1), orderBody(slot, 1), SITE_PATH, client(1)));
      // Another client still holds, on either process.
      expect((await postOrder(appFor(0), orderBody(slot, 1), SITE_PATH, client(2))).statusCode).toBe(201);
      if (!store.redisUrl) {
        // One counter in the table for the route and the client, whichever process counted.
        const { rows } = await setupDb.execute<{ key: string; count: number }>(
          sql`SELECT key, count FROM rate_limit_counters WHERE key LIKE ${`%|order-holds|%${client(1)}`}`,
        );
        expect(rows).toEqual([{ key: expect.stringMatching(/^POST \/.*\/orders\|/), count: max + 2 }]);
      }
    },
  );

  it.skipIf(store.skip)("refuses one client's 21st coupon guess, whichever process answers", async () => {
    const slot = await productWithSlot(setupDb, 10);
    const held = await postOrder(apps[0]!, orderBody(slot, 1), SITE_PATH, client(3));
    expect(held.statusCode).toBe(201);
    const token = held.json<{ order_token: string }>().order_token;
    const guess = (i: number) =>
      appFor(i).inject({
        method: 'POST',
        url: `${SITE_PATH}/ordercoupons/${token}`,
        headers: xsrfHeaders(),
        remoteAddress: client(4),
        payload: { coupon_code: `GUESS-${i}` },
      });
    const { max } = CLIENT_BUDGETS.couponCodes;
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) statuses.push((await guess(i)).statusCode);
    expect(statuses).toEqual(Array(max).fill(404));
    expectRefused(await guess(max));
    expectRefused(await guess(max + 1));
  });

  it.skipIf(store.skip)("refuses one client's 11th membership login, whichever process answers", async () => {
    const slot = await productWithSlot(setupDb, 10);
    const held = await postOrder(apps[0]!, orderBody(slot, 1), SITE_PATH, client(5));
    expect(held.statusCode).toBe(201);
    const token = held.json<{ order_token: string }>().order_token;
    // Another account each time: only the per-client budget can stop them (not the per-account one).
    const login = (i: number) =>
      appFor(i).inject({
        method: 'POST',
        url: `${SITE_PATH}/membership/login/${token}`,
        headers: xsrfHeaders(),
        remoteAddress: client(6),
        payload: { email: `guess-${i}@example.jp`, password: 'not the password' },
      });
    const { max } = LOGIN_PER_CLIENT;
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) statuses.push((await login(i)).statusCode);
    expect(statuses).toEqual(Array(max).fill(401));
    expectRefused(await login(max));
    expectRefused(await login(max + 1));
  });

  it.skipIf(store.skip)(
    "refuses one client's console sign-in past 30 failures, whichever process answers",
    async () => {
      const signIn = (i: number) =>
        appFor(i).inject({
          method: 'POST',
          url: `${CONSOLE_API_PATH}/session`,
          headers: { origin: TEST_CONSOLE_ORIGIN },
          remoteAddress: client(7),
          payload: { email: `nobody-${i}@example.jp`, password: 'not the password' },
        });
      const statuses: number[] = [];
      for (let i = 0; i < CLIENT_FAILURE_LIMIT; i++) statuses.push((await signIn(i)).statusCode);
      expectWithinBudget(statuses, CLIENT_FAILURE_LIMIT);
      expect(new Set(statuses)).toEqual(new Set([401]));
      expectRefused(await signIn(CLIENT_FAILURE_LIMIT));
      expectRefused(await signIn(CLIENT_FAILURE_LIMIT + 1));
    },
  );
});

describe('one budget per client across two real server processes (PostgreSQL store)', () => {
  const servers: ServerChild[] = [];

  beforeAll(async () => {
    // `node apps/server/src/main.ts` twice on the test's database, started side by side; loopback is the
    // proxy, so X-Forwarded-For names the client. No automatic waiting room: this measures the rate limit.
    for (let i = 0; i < 2; i++)
      servers.push(
        await spawnServer({ DATABASE_URL: url, TRUST_PROXY: 'loopback', WAITING_ROOM_AUTOMATIC: 'off' }),
      );
    await Promise.all(servers.map((server) => server.ready()));
  }, 180_000);

  afterAll(() => {
    for (const server of servers) server.kill();
  });

  it("refuses one client's 31st POST /orders in a minute, whichever process answers", async () => {
    const slot = await productWithSlot(setupDb, 200);
    const order = (i: number, client: string) =>
      fetch(`${servers[i % 2]!.baseUrl}${SITE_PATH}/orders`, {
        method: 'POST',
        headers: { ...xsrfHeaders(), 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify(orderBody(slot, 1)),
      });
    const { max } = CLIENT_BUDGETS.orderHolds;
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) statuses.push((await order(i, '198.51.100.50')).status);
    expect(statuses.filter((status) => status === 429 || status >= 500)).toEqual([]);
    expect(statuses).toContain(201);
    for (const i of [max, max + 1]) {
      const refused = await order(i, '198.51.100.50');
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: 'too many requests' });
    }
    expect((await order(0, '198.51.100.51')).status).toBe(201);
  });
});
