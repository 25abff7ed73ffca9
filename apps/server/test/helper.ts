import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../src/app.ts';
import { loadEnv, type Env } from '../src/config/env.ts';
import { createDb, type Db } from '../src/db/client.ts';
import { cloneTemplate } from './test-database.ts';

export interface TestContext {
  app: App;
  db: Db;
  env: Env;
  /** Builds another app on the same database (a second server process, for races and sweepers). */
  anotherApp(): Promise<App>;
}

/**
 * Per test file: a database cloned from the seeded template and an app built on it.
 * Use inside a describe or at file top level; the returned object is filled in beforeAll.
 */
export function setupTestApp(
  overrides: Partial<Record<keyof Env, string>> = {},
  options: Pick<BuildAppOptions, 'webDistDir' | 'paymentFamilies'> = {},
): TestContext {
  const ctx = {} as TestContext;
  let drop: () => Promise<void>;
  const apps: App[] = [];
  beforeAll(async () => {
    const { adminUrl, template } = inject('testDatabase');
    const clone = await cloneTemplate(adminUrl, template);
    drop = clone.drop;
    ctx.env = loadEnv({ NODE_ENV: 'test', DATABASE_URL: clone.url, LOG_LEVEL: 'silent', ...overrides });
    ctx.db = createDb(clone.url, 30);
    const make = async () => {
      const app = await buildApp({
        env: ctx.env,
        db: ctx.db,
        webDistDir: options.webDistDir ?? '/nonexistent/',
        ...(options.paymentFamilies ? { paymentFamilies: options.paymentFamilies } : {}),
      });
      apps.push(app);
      await app.ready();
      return app;
    };
    ctx.app = await make();
    ctx.anotherApp = make;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await ctx.db?.$client.end();
    await drop?.();
  });
  return ctx;
}

let visitors = 0;

/**
 * A client address of its own for each call (10.x.y.z): tests that play many visitors, or make more calls
 * than one visitor's rate limits and hold caps allow (ADR 015), pass it as inject's `remoteAddress`.
 */
export function visitorAddress(): string {
  visitors += 1;
  return `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`;
}

/** Headers for a state-changing request that passes the XSRF double-submit check. */
export function xsrfHeaders(token = 'test-xsrf-token'): Record<string, string> {
  return { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token };
}
