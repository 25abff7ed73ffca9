import type pg from 'pg';
import type { SharedCounters, WindowCount } from './shared-counters.ts';

/**
 * One statement per call (ADR 093): the upsert's row lock orders concurrent calls on one key, so each sees
 * its own count; a stored window that has ended starts afresh. The database's clock decides the window, so
 * processes whose clocks differ still share one. A named statement: parsed and planned once per connection.
 */
const INCR = {
  name: 'rate-limit-incr',
  text: `INSERT INTO rate_limit_counters AS c (key, window_ends_at, count)
    VALUES ($1, now() + $2::float8 * interval '1 millisecond', 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE c.count + 1 END,
      window_ends_at = CASE WHEN c.window_ends_at <= now() THEN excluded.window_ends_at ELSE c.window_ends_at END
    RETURNING c.count AS current, ceil(extract(epoch FROM c.window_ends_at - now()) * 1000)::int AS ttl`,
};

/** A row whose window ended is the same as no row: deleting it forgets nothing. */
const SWEEP = 'DELETE FROM rate_limit_counters WHERE window_ends_at < now()';

/** How often one process sweeps ended windows (a sequential scan of a table of live clients). */
export const SWEEP_EVERY_MS = 60_000;

/** The counters in PostgreSQL's UNLOGGED `rate_limit_counters` (migration 1000), on the server's own pool. */
export function postgresCounters(pool: pg.Pool, onSweepError: (error: Error) => void): SharedCounters {
  let nextSweepAt = Date.now() + SWEEP_EVERY_MS;
  return {
    name: 'postgresql',
    async incr(key, windowMs) {
      const now = Date.now();
      if (now >= nextSweepAt) {
        nextSweepAt = now + SWEEP_EVERY_MS;
        // Not awaited: the call that happens to come due does not wait for the sweep.
        pool.query(SWEEP).catch(onSweepError);
      }
      const { rows } = await pool.query<WindowCount>({ ...INCR, values: [key, windowMs] });
      return rows[0]!;
    },
    // The pool is the server's: closed with the app.
    close: async () => undefined,
  };
}
