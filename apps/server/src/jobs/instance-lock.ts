import { randomInt } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';

/**
 * Which server processes are alive, as the database sees it (ADR 047, 057). Each process takes a session-level
 * advisory lock (INSTANCE_LOCK_SPACE, its instance id) on a connection of its own and keeps it for its
 * lifetime, and stamps that id on the payment attempts it starts. PostgreSQL drops the lock the moment the
 * process dies (its connection closes), so an attempt whose id has no lock in pg_locks was left by a dead
 * process: nobody will ever finish its gateway calls. The job runner (ADR 057) stamps the same id on the jobs
 * it claims: a running job whose id holds no lock is run again by another worker.
 */

/** The first key of every instance lock ('KP'): no other advisory lock of ours uses the two-key form with it. */
export const INSTANCE_LOCK_SPACE = 19280;
/** How soon a cut lock connection is opened again (and then every this long until it is back). */
const RECONNECT_MS = 250;

export interface InstanceLock {
  /** This process's id, stamped on the attempts it starts. */
  readonly id: number;
  /** Whether the lock is held right now (false while its connection is being opened again). */
  held(): boolean;
  /**
   * Calls `listener` each time the lock's connection is cut: from then on another process may read this one
   * as dead and take over its jobs, so work in flight should stop (ADR 057). Returns the unsubscribe.
   */
  onLost(listener: () => void): () => void;
  /** Releases the lock (closes its connection); a graceful shutdown. */
  stop(): Promise<void>;
}

type Log = { warn(details: object, message: string): void };

/**
 * SQL that is true when the instance named by `instanceId` (an integer expression) holds its lock in this
 * database. pg_locks lists the whole cluster, so the database is part of the match.
 */
export function instanceAlive(instanceId: SQL): SQL {
  return sql`EXISTS (
    SELECT 1 FROM pg_locks l
    WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND l.classid = ${INSTANCE_LOCK_SPACE}::oid AND l.objid = (${instanceId})::oid)`;
}

/**
 * Takes a fresh instance id's lock on a dedicated connection (not the pool's: a pooled connection is
 * shared and returned). A cut connection (failover, pg_terminate_backend, a proxy restart) is opened again
 * at once and the same id's lock taken back, so a live process looks dead for a moment only; the
 * reconciliation worker waits a full interval before it acts on a death (ADR 047).
 */
export async function takeInstanceLock(pool: pg.Pool, log: Log): Promise<InstanceLock> {
  // Where to connect and how long a connect may take (a frozen database must not hang the reconnect
  // loop); the pool's statement and idle settings are for shared connections.
  const { connectionString, host, port, user, password, database, ssl, connectionTimeoutMillis } =
    pool.options;
  const config: pg.ClientConfig = {
    connectionString,
    host,
    port,
    user,
    password,
    database,
    ssl,
    connectionTimeoutMillis,
  };
  let client: pg.Client | undefined;
  let isHeld = false;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const lostListeners = new Set<() => void>();

  const lockWith = async (id: number): Promise<boolean> => {
    const next = new pg.Client({ ...config, keepAlive: true });
    // A permanent handler: a cut connection must never be an unhandled 'error' event (issue 24, item 1).
    next.on('error', (error) => {
      if (next !== client || stopped) return;
      log.warn({ err: error, instanceId: id }, 'instance lock connection lost; taking the lock again');
      lost(id);
    });
    next.on('end', () => {
      if (next === client && !stopped) lost(id);
    });
    try {
      await next.connect();
      const { rows } = await next.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1, $2) AS locked',
        [INSTANCE_LOCK_SPACE, id],
      );
      // Not granted: another process drew the same id, or our own cut session still holds it until its
      // backend notices the cut; either way try again (a new id only before the first lock).
      if (!rows[0]?.locked) {
        await next.end().catch(() => undefined);
        return false;
      }
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return true;
    }
    client = next;
    isHeld = true;
    return true;
  };

  const lost = (id: number) => {
    if (!isHeld) return;
    isHeld = false;
    client = undefined;
    for (const listener of lostListeners) listener();
    const again = () => {
      retry = undefined;
      if (stopped) return;
      lockWith(id)
        .then((ok) => {
          if (!ok) retry = setTimeout(again, RECONNECT_MS).unref();
        })
        .catch(() => {
          retry = setTimeout(again, RECONNECT_MS).unref();
        });
    };
    retry = setTimeout(again, 0).unref();
  };

  let id = randomInt(1, 2 ** 31 - 1);
  while (!(await lockWith(id))) id = randomInt(1, 2 ** 31 - 1);

  return {
    id,
    held: () => isHeld,
    onLost(listener) {
      lostListeners.add(listener);
      return () => lostListeners.delete(listener);
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      isHeld = false;
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
