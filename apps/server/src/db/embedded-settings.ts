import pg from 'pg';

/** How Kippu runs its embedded PostgreSQL (ADR 002, ADR 012). */

/** The superuser initdb creates; the password is no secret: the server listens on loopback only. */
export const USER = 'postgres';
export const PASSWORD = 'postgres';
export const DATABASE = 'kippu';
/** PostgreSQL's output, appended at every start, inside the data directory. */
export const EMBEDDED_LOG_FILE = 'kippu-postgres.log';
/**
 * A custom setting on the postmaster's command line naming the server process that started it: how a later
 * start tells our postmaster from anyone else's, and a live owner from a dead one.
 */
export const OWNER_SETTING = 'kippu.owner_pid';
/** Crash recovery after a `kill -9` may replay a lot of WAL before the database accepts connections. */
export const READY_TIMEOUT_MS = 120_000;
export const STOP_TIMEOUT_MS = 30_000;

/** A connection to the embedded server's `postgres` database as its superuser, for set-up and checks. */
export function maintenanceClient(
  port: number,
  options: Omit<pg.ClientConfig, 'host' | 'port'> = {},
): pg.Client {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: USER,
    password: PASSWORD,
    database: 'postgres',
    ...options,
  });
  // A database stopping under this connection fails the call in flight; an unheard 'error' event would end
  // the process (ADR 046).
  client.on('error', () => undefined);
  return client;
}
