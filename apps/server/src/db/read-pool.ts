import { createDb, type Db } from './client.ts';
import { hasStalePreparedStatement, isDatabaseBusy, isDatabaseUnavailable } from './unavailable.ts';
import type { DatabaseTimeouts } from './timeouts.ts';

/**
 * Where reads that may be a little stale go (ADR 097): the catalogue's and the site data's, never a hold,
 * an order, a payment, the console or a worker. Without a replica every read runs on the primary, the same
 * Db as the rest of the server, and nothing below runs.
 */
export interface ReadPool {
  /** The primary (DATABASE_URL): every write, and a read that must see a visitor's own write. */
  readonly primary: Db;
  /** The streaming replica (DATABASE_READ_URL), or undefined when none is configured. */
  readonly replica: Db | undefined;
  /** Runs a read on the replica while it is reachable, else on the primary (a failure falls back at once). */
  read<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Whether the replica has replayed the primary's WAL up to `lsn` (a position `primaryPosition` gave):
   * the replica's replay position is asked at most once per REPLAY_CACHE_MS per process. False while the
   * replica is down (the primary answers then anyway).
   */
  replayedPast(lsn: string): Promise<boolean>;
  /** The primary's WAL write position now (past a committed write: a commit flushes it): one query shared by callers that overlap. */
  primaryPosition(): Promise<string>;
  /** One line when the replica goes away and one when it is back; default: stderr. */
  log: (line: string, error?: unknown) => void;
  close(): Promise<void>;
}

/** How old the replica's replay position may be when a visitor's read compares it with their write's. */
export const REPLAY_CACHE_MS = 100;
/** While the replica is down, it is tried again in the background at most this often. */
export const REPLICA_RETRY_MS = 1000;
/** A replica that does not accept a connection within this is taken as down (reads go to the primary). */
export const READ_CONNECT_TIMEOUT_MS = 2000;
/** Catalogue reads are small: a replica that sits on one longer than this (+1 s) is taken as down. */
export const READ_STATEMENT_TIMEOUT_MS = 5000;
/** The replica pool's name in pg_stat_activity. */
export const READ_APPLICATION = 'kippu-reads';

/** Reads on the primary: the server without DATABASE_READ_URL. */
export function primaryReads(primary: Db): ReadPool {
  return {
    primary,
    replica: undefined,
    read: (work) => work(primary),
    replayedPast: async () => true,
    primaryPosition: async () => '0/0',
    log: () => undefined,
    close: async () => undefined,
  };
}

/** A WAL position 'X/Y' (two hex halves) as one number, to compare two of them. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** Whether a cookie's value is a WAL position (anything else is ignored, never sent to the database). */
export function isLsn(value: string | undefined): value is string {
  return value !== undefined && /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i.test(value);
}

/**
 * A standby cancels a query that holds up its replay ("canceling statement due to conflict with
 * recovery", SQLSTATE 40001 on a read-only statement; 57P04 when its database was dropped).
 */
export function isRecoveryConflict(error: unknown): boolean {
  const code =
    (error as { code?: unknown } | null)?.code ??
    (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === '40001' || code === '57P04';
}

/**
 * A replica pool beside the primary, DATABASE_POOL_SIZE connections like the primary's. Its own short
 * limits (READ_CONNECT_TIMEOUT_MS, at most READ_STATEMENT_TIMEOUT_MS a statement) bound how long a stopped
 * or frozen replica can hold a read before it falls back; its broken connections are not logged one by one
 * (the read pool logs the outage once).
 */
export function createReadPool(
  primary: Db,
  replicaUrl: string,
  size: number,
  timeouts: DatabaseTimeouts,
  namedStatements = true,
): ReadPool {
  const replica = createDb(
    replicaUrl,
    size,
    {
      ...timeouts,
      connectMs: Math.min(timeouts.connectMs || READ_CONNECT_TIMEOUT_MS, READ_CONNECT_TIMEOUT_MS),
      statementMs: Math.min(timeouts.statementMs || READ_STATEMENT_TIMEOUT_MS, READ_STATEMENT_TIMEOUT_MS),
    },
    { applicationName: READ_APPLICATION, onConnectionError: () => undefined, namedStatements },
  );
  return readPoolOver(primary, replica);
}

/** The read pool's rules over two Dbs (createReadPool opens the replica's). */
export function readPoolOver(primary: Db, replica: Db): ReadPool {
  let down = false;
  let probing = false;
  let lastTry = 0;
  let replayed: { at: number; lsn: bigint } | undefined;
  let asking: Promise<bigint> | undefined;

  const pool: ReadPool = {
    primary,
    replica,
    log: (line, error) => console.error(error instanceof Error ? `${line}: ${error.message}` : line),
    async read(work) {
      if (down) {
        probe();
        return work(primary);
      }
      try {
        return await work(replica);
      } catch (error) {
        // A statement prepared before a migration replicated: its replica connection was ended, the
        // replica is fine (ADR 131).
        if (hasStalePreparedStatement(error)) return work(primary);
        if (isDatabaseUnavailable(error)) wentDown(error);
        else if (!isDatabaseBusy(error) && !isRecoveryConflict(error)) throw error;
        // Busy (every replica connection taken) or cancelled by the replay it stood in the way of: this
        // read alone goes to the primary, where it would have gone without a replica.
        return work(primary);
      }
    },
    async replayedPast(lsn) {
      if (down) return false;
      const wanted = lsnValue(lsn);
      if (replayed && Date.now() - replayed.at <= REPLAY_CACHE_MS) return replayed.lsn >= wanted;
      try {
        return (await replayPosition()) >= wanted;
      } catch (error) {
        // Whatever went wrong, the primary answers this visitor; only an outage turns the replica off.
        if (isDatabaseUnavailable(error)) wentDown(error);
        return false;
      }
    },
    primaryPosition: sharedAfterNow(async () => {
      const result = await primary.$client.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      return result.rows[0]!.lsn;
    }),
    close: () => replica.$client.end(),
  };

  function wentDown(error: unknown): void {
    lastTry = Date.now();
    replayed = undefined;
    if (down) return;
    down = true;
    pool.log('read replica unavailable: catalogue reads use the primary until it answers again', error);
  }

  /**
   * While down: at most once per REPLICA_RETRY_MS, one query in the background (no visitor's read waits on
   * a replica that may still be gone); when it answers, reads go back to the replica.
   */
  function probe(): void {
    if (probing || Date.now() - lastTry < REPLICA_RETRY_MS) return;
    probing = true;
    lastTry = Date.now();
    replayPosition().then(
      () => {
        probing = false;
        if (!down) return;
        down = false;
        pool.log('read replica reachable again: catalogue reads use it');
      },
      () => {
        probing = false;
        lastTry = Date.now();
      },
    );
  }

  /** The replica's replay position, asked once for all the reads that need it at the same moment. */
  function replayPosition(): Promise<bigint> {
    asking ??= (async () => {
      const startedAt = Date.now();
      try {
        // A server that is not in recovery (promoted, or the primary itself) has replayed all it has.
        const result = await replica.$client.query<{ lsn: string }>(
          'SELECT COALESCE(pg_last_wal_replay_lsn(), pg_current_wal_lsn())::text AS lsn',
        );
        const lsn = lsnValue(result.rows[0]!.lsn);
        replayed = { at: startedAt, lsn };
        return lsn;
      } finally {
        asking = undefined;
      }
    })();
    return asking;
  }

  return pool;
}

/**
 * A query whose answer must be taken after the caller's own moment (a write's commit): a caller that comes
 * while one runs waits for the next one, which every caller in that while shares. At most one query runs
 * and one waits, however many writes end at once.
 */
function sharedAfterNow<T>(ask: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const promise = ask();
    running = promise;
    const done = () => {
      if (running === promise) running = undefined;
    };
    promise.then(done, done);
    return promise;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}
