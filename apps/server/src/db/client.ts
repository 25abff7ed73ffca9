import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from './db-types.ts';
import { GuardedClient } from './guarded-client.ts';
import { GuardedPool } from './guarded-pool.ts';
import type { PreparedNames } from './prepared-statements.ts';
import { answerLimitFor, DEFAULT_TIMEOUTS, type DatabaseTimeouts } from './timeouts.ts';

export type { Db, Tx } from './db-types.ts';

// bigint columns (counts, ids) come back as numbers: every value we store fits in 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// dates stay 'YYYY-MM-DD' strings: a visit date has no time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export interface CreateDbOptions {
  /** Told once per broken connection; default: one line on stderr. */
  onConnectionError?: (error: Error) => void;
  /** The pool's name in pg_stat_activity (application_name): tells an operator whose backends these are. */
  applicationName?: string;
  /**
   * Statements with parameters run as named prepared statements (ADR 131; DATABASE_PREPARED_STATEMENTS).
   * Default on; off behind a pooler in transaction mode that does not keep them.
   */
  namedStatements?: boolean;
  /** The registry of names (default: the process's one); tests give their own. */
  preparedNames?: PreparedNames;
}

/**
 * A connection idle this long is closed (pg-pool's default is 10 s). A new backend starts with cold caches
 * and prepares its statements again: with 10 s, the pause before a rush (an on-sale at ten o'clock) closed
 * every connection, and the rush paid for fresh ones (on-sale: PostgreSQL's CPU per purchase 47–50 ms
 * against 33–34 ms with warm connections, ADR 131).
 */
const IDLE_CONNECTION_MS = 5 * 60_000;
/**
 * TCP keepalive on every connection, first probe after a minute idle: a NAT or a load balancer in front of
 * PostgreSQL that drops idle flows sooner than the pool's 5 minutes (some do after 4) would otherwise leave a
 * dead connection in the pool, found only when a statement goes unanswered.
 */
const KEEPALIVE_DELAY_MS = 60_000;

const logConnectionError = (error: Error) => console.error(`database connection lost: ${error.message}`);

/**
 * The server's pool (ADR 046). Every connection is a GuardedClient: a permanent error listener (a cut
 * connection fails its own queries, never the process) and an answer limit just past the statement
 * timeout (a frozen database fails the request instead of hanging it). The timeouts are session settings
 * sent at connect; `transactionWithTimeouts` (timeouts.ts) lengthens them for one transaction.
 */
export function createDb(
  connectionString: string,
  max = 20,
  timeouts: DatabaseTimeouts = DEFAULT_TIMEOUTS,
  options: CreateDbOptions = {},
): Db {
  const answerLimitMs = answerLimitFor(timeouts.statementMs);
  const onConnectionError = options.onConnectionError ?? logConnectionError;
  const config: pg.ClientConfig = {
    connectionString,
    // pg-pool applies this to the wait for a free connection as well as to opening one.
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
  };
  // Not named *Pool*: drizzle takes any client whose class name contains "Pool" for a pool.
  class Connection extends GuardedClient {
    constructor() {
      // Counts its connect in the pool's: a wait that times out while none is in flight is load (guarded-pool.ts).
      super({
        ...config,
        answerLimitMs,
        onConnectionError,
        opening: pool.opening,
        namedStatements: options.namedStatements ?? true,
        preparedNames: options.preparedNames,
      });
    }
  }
  const pool = new GuardedPool({
    ...config,
    max,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    Client: Connection,
  });
  // A connection that breaks while idle in the pool: the pool drops it and opens a new one on the next
  // query; its own listener has already logged it. Without a listener here the pool's re-emit would throw.
  pool.on('error', () => undefined);
  // A per-use longer limit (transactionWithTimeouts) ends with its use.
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => {
    if (client instanceof GuardedClient) client.answerLimitMs = client.defaultAnswerLimitMs;
  });
  return drizzle(pool) as Db;
}
