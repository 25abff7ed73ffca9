import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { cloneTemplate } from '../../../test/test-database.ts';
import { postgresCounters } from './postgres-counters.ts';
import type { SharedCounters } from './shared-counters.ts';

/** The PostgreSQL counters (ADR 093): batched per process, exact across processes. */
describe('postgresCounters', () => {
  let drop: () => Promise<void>;
  const pools: pg.Pool[] = [];
  let one: SharedCounters;
  let other: SharedCounters;

  beforeAll(async () => {
    const { adminUrl, template } = inject('testDatabase');
    const clone = await cloneTemplate(adminUrl, template);
    drop = clone.drop;
    for (let i = 0; i < 2; i++) pools.push(new pg.Pool({ connectionString: clone.url, max: 4 }));
    const fail = (error: Error) => {
      throw error;
    };
    one = postgresCounters(pools[0]!, fail);
    other = postgresCounters(pools[1]!, fail);
  });

  afterAll(async () => {
    for (const pool of pools) await pool.end();
    await drop?.();
  });

  it('gives each of a burst of calls on two processes its own count, 1 to N', async () => {
    const counts = await Promise.all(
      Array.from({ length: 120 }, (_, i) => (i % 2 ? one : other).incr('burst|a', 60_000)),
    );
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 120 }, (_, i) => i + 1),
    );
    for (const { ttl } of counts) expect(ttl).toBeGreaterThan(0);
    for (const { ttl } of counts) expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('counts the keys of one batch apart', async () => {
    const [a, b, a2] = await Promise.all([
      one.incr('apart|a', 60_000),
      one.incr('apart|b', 60_000),
      one.incr('apart|a', 60_000),
    ]);
    expect([a!.current, a2!.current].sort()).toEqual([1, 2]);
    expect(b!.current).toBe(1);
  });

  /** Counters on pool 0 whose statements are listed as they go out. */
  const countedCounters = () => {
    const statements: string[] = [];
    const counted = Object.assign(Object.create(pools[0]!) as pg.Pool, {
      query: (config: pg.QueryConfig) => {
        statements.push(config.name ?? config.text);
        return pools[0]!.query(config);
      },
    });
    return { counters: postgresCounters(counted, () => undefined), statements };
  };

  afterEach(() => void vi.useRealTimers());

  it('under load, lets patient calls of the next few milliseconds share one statement (ADR 120)', async () => {
    const { counters, statements } = countedCounters();
    await counters.incr('patient|a', 60_000, true); // idle: sent at once
    // A statement went out just now: a patient batch waits for company. Timers fire in order of their due
    // time, so the call 3 ms later always joins the one lingering 10 ms, however late the loop runs them.
    const first = counters.incr('patient|a', 60_000, true);
    const second = new Promise<number>((resolve) =>
      setTimeout(() => void counters.incr('patient|b', 60_000, true).then((c) => resolve(c.current)), 3),
    );
    expect([(await first).current, await second]).toEqual([2, 1]);
    expect(statements).toEqual(['rate-limit-incr-batch', 'rate-limit-incr-batch']);
  });

  it('sends a lingering patient batch at once when an impatient call (a hold) joins it', async () => {
    const { counters, statements } = countedCounters();
    await counters.incr('impatient|a', 60_000, true);
    // The linger's timer never fires: only the impatient call can send the batch.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const both = Promise.all([
      counters.incr('impatient|a', 60_000, true),
      counters.incr('impatient|b', 60_000, false),
    ]);
    const outcome = await Promise.race([both.then(() => 'sent'), sleep(5_000).then(() => 'still waiting')]);
    expect(outcome).toBe('sent');
    expect((await both).map((c) => c.current)).toEqual([2, 1]);
    expect(statements).toEqual(['rate-limit-incr-batch', 'rate-limit-incr-batch']);
  });

  it('starts a fresh window once the stored one has ended', async () => {
    // A long window, ended in the database rather than by waiting: no timing on a loaded machine.
    expect((await one.incr('window|a', 60_000)).current).toBe(1);
    expect((await other.incr('window|a', 60_000)).current).toBe(2);
    await pools[0]!.query(
      `UPDATE rate_limit_counters SET window_ends_at = now() - interval '1 second' WHERE key = 'window|a'`,
    );
    expect((await other.incr('window|a', 60_000)).current).toBe(1);
  });
});
