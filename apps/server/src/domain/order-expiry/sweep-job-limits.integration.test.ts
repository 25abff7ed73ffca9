import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { openDatabase } from '../../database.ts';
import { createDb } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { sweepExpiredHolds } from './sweep-expired-holds.ts';

/** Long background jobs run under the jobs' statement limit, not a visitor's (ADR 046, review finding 8). */
describe("background jobs' database limits", () => {
  const ctx = setupTestApp();

  it("a sweep that waits past a visitor's statement limit finishes under the jobs' limit", async () => {
    // A visitor's limit of 300 ms; the sweep is made to wait about 1 s for the orders table.
    const db = createDb(
      ctx.env.DATABASE_URL!,
      2,
      { connectMs: 2000, statementMs: 300, idleInTransactionMs: 60_000 },
      {
        onConnectionError: () => undefined,
      },
    );
    try {
      // Runs `work` while another transaction holds the orders table, and lets it go 1 s after the work is
      // seen waiting for it (or as soon as the work has ended): timed from the wait, not from the start, so a
      // slow machine cannot let the lock go before the visitor's 300 ms limit has had its chance.
      const blockOrders = async (work: () => Promise<unknown>) => {
        let outcome: Promise<{ swept?: unknown; error?: unknown }> | undefined;
        await ctx.db.transaction(async (tx) => {
          await tx.execute(sql`LOCK TABLE orders IN EXCLUSIVE MODE`);
          outcome = work().then(
            (swept) => ({ swept }),
            (error: unknown) => ({ error }),
          );
          const ended = outcome.then(() => 'ended' as const);
          const pause = (ms: number) => new Promise<'paused'>((resolve) => setTimeout(resolve, ms, 'paused'));
          while ((await Promise.race([ended, pause(20)])) === 'paused') {
            const { rows } = await ctx.db.execute<{ waiting: number }>(sql`
              SELECT count(*)::int AS waiting FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`);
            if (rows[0]!.waiting > 0) break;
          }
          await Promise.race([ended, pause(1000)]);
        });
        return outcome!;
      };
      const short = await blockOrders(() => sweepExpiredHolds(db));
      expect(isDatabaseUnavailable(short.error)).toBe(true);
      const long = await blockOrders(() => sweepExpiredHolds(db, 300, 30, { statementMs: 10_000 }));
      expect(long.error).toBeUndefined();
      expect(typeof long.swept).toBe('number');
      // The connection's own limit is back to the visitors' once the job's transaction ended.
      const { rows } = await db.execute(sql`SELECT current_setting('statement_timeout') AS t`);
      expect(rows).toEqual([{ t: '300ms' }]);
    } finally {
      await db.$client.end();
    }
  });

  it("the start-up seed and the demo window get a pool with the jobs' statement limit", async () => {
    const opened = await openDatabase(
      { ...ctx.env, DATABASE_STATEMENT_TIMEOUT_MS: 15_000, DATABASE_JOB_STATEMENT_TIMEOUT_MS: 123_000 },
      fileURLToPath(new URL('../../../../../', import.meta.url)),
    );
    try {
      const limit = async (db: typeof opened.db) =>
        (await db.execute(sql`SELECT current_setting('statement_timeout') AS t`)).rows[0];
      expect(await limit(opened.db)).toEqual({ t: '15s' });
      expect(await limit(opened.jobs)).toEqual({ t: '123s' });
    } finally {
      await opened.close();
    }
  });
});
