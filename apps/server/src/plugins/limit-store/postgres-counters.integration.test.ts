import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
