import type pg from 'pg';
import type { SharedCounters, WindowCount } from './shared-counters.ts';

/**
 * One statement counts every call waiting in this process (ADR 093): a batch of keys, each with the calls
 * it counts, in one upsert. The row lock orders concurrent statements on one key, so each call sees its own
 * count (the batch's calls on one key get consecutive counts); a stored window that has ended starts
 * afresh. The database's clock decides the window, so processes whose clocks differ still share one. Keys
 * are locked in sorted order (WITH ORDINALITY over sorted arrays): two processes' batches never deadlock.
 */
const INCR = {
  name: 'rate-limit-incr-batch',
  text: `INSERT INTO rate_limit_counters AS c (key, window_ends_at, count)
    SELECT i.key, now() + i.window_ms * interval '1 millisecond', i.n
    FROM unnest($1::text[], $2::float8[], $3::int[]) WITH ORDINALITY AS i(key, window_ms, n, ord)
    ORDER BY i.ord
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN c.window_ends_at <= now() THEN excluded.count ELSE c.count + excluded.count END,
      window_ends_at = CASE WHEN c.window_ends_at <= now() THEN excluded.window_ends_at ELSE c.window_ends_at END
    RETURNING c.key, c.count AS current, ceil(extract(epoch FROM c.window_ends_at - now()) * 1000)::int AS ttl`,
};

/** A row whose window ended is the same as no row: deleting it forgets nothing. */
const SWEEP = 'DELETE FROM rate_limit_counters WHERE window_ends_at < now()';

/**
 * Under load (a statement went out less than `BUSY_MS` ago) a batch of patient calls only (a waiting-room
 * join's) waits `LINGER_MS` for company before its statement starts: a rush's joins then share statements
 * by the dozen (ADR 120). Any other call sends the batch at once, the patient calls with it: a hold never
 * waits (a linger on every call cut hot-slot's holds with 4 processes from 1.50 to 0.81 of raw SQL).
 */
const BUSY_MS = 100;
const LINGER_MS = 10;

/** How often one process sweeps ended windows (a sequential scan of a table of live clients). */
export const SWEEP_EVERY_MS = 60_000;

interface Waiting {
  windowMs: number;
  calls: { resolve: (count: WindowCount) => void; reject: (error: Error) => void }[];
}

/**
 * The counters in PostgreSQL's UNLOGGED `rate_limit_counters` (migration 1000), on the server's own pool.
 * At most one statement is in flight per process; calls that arrive meanwhile wait for the next one (group
 * commit): under a flood of holds one round trip counts many calls, and an idle server sends each at once.
 */
export function postgresCounters(pool: pg.Pool, onSweepError: (error: Error) => void): SharedCounters {
  let nextSweepAt = Date.now() + SWEEP_EVERY_MS;
  let waiting = new Map<string, Waiting>();
  let inFlight = false;
  let lastSentAt = -Infinity;
  /** The patient batch's wait for company, while it lasts. */
  let lingering: NodeJS.Timeout | undefined;

  async function flush(): Promise<void> {
    inFlight = true;
    lastSentAt = Date.now();
    clearTimeout(lingering);
    lingering = undefined;
    const batch = waiting;
    waiting = new Map();
    const keys = [...batch.keys()].sort();
    try {
      const { rows } = await pool.query<WindowCount & { key: string }>({
        ...INCR,
        values: [
          keys,
          keys.map((key) => batch.get(key)!.windowMs),
          keys.map((key) => batch.get(key)!.calls.length),
        ],
      });
      for (const row of rows) {
        const { calls, windowMs } = batch.get(row.key)!;
        // The window's end is the now() of the transaction that opened it; a statement that began earlier and
        // waited for that row's lock measures from its own, earlier now(): never more than a window.
        const ttl = Math.min(row.ttl, windowMs);
        // The batch's calls on this key are the last `calls.length` counted: first in, lowest count.
        calls.forEach((call, i) => call.resolve({ current: row.current - calls.length + 1 + i, ttl }));
        batch.delete(row.key);
      }
      if (batch.size > 0) throw new Error(`rate-limit store: no count for ${batch.size} keys`);
    } catch (error) {
      for (const { calls } of batch.values()) for (const call of calls) call.reject(error as Error);
    } finally {
      inFlight = false;
      if (waiting.size > 0) void flush();
    }
  }

  return {
    name: 'postgresql',
    incr(key, windowMs, patient = false) {
      const now = Date.now();
      if (now >= nextSweepAt) {
        nextSweepAt = now + SWEEP_EVERY_MS;
        // Not awaited: the call that happens to come due does not wait for the sweep.
        pool.query(SWEEP).catch(onSweepError);
      }
      return new Promise<WindowCount>((resolve, reject) => {
        let entry = waiting.get(key);
        if (!entry) waiting.set(key, (entry = { windowMs, calls: [] }));
        entry.calls.push({ resolve, reject });
        if (lingering && !patient) {
          // An impatient call ends the patient batch's wait: all go now.
          clearTimeout(lingering);
          lingering = undefined;
          setImmediate(() => void flush());
        } else if (!inFlight) {
          inFlight = true;
          // The rest of this turn's calls join the first statement; a patient batch under load, the next
          // few milliseconds' too.
          if (patient && now - lastSentAt < BUSY_MS) lingering = setTimeout(() => void flush(), LINGER_MS);
          else setImmediate(() => void flush());
        }
      });
    },
    // The pool is the server's: closed with the app.
    close: async () => undefined,
  };
}
