import type { Env } from '../config/env.ts';
import { embeddedDataDir, openDatabase } from '../database.ts';
import { createDb, type Db } from '../db/client.ts';
import { readPostmasterLock } from '../db/postmaster-pid.ts';
import { timeoutsOf } from '../db/timeouts.ts';

export interface CliDatabase {
  db: Db;
  /** How the command reached the database, for its output. */
  via: string;
  close(): Promise<void>;
}

/**
 * The server's database for an operator command: DATABASE_URL; else the embedded PostgreSQL a running
 * server has started (its port is in the data directory's postmaster.pid); else the embedded PostgreSQL
 * started for the command alone (and stopped after it). Migrations run in the last two cases' absence of a
 * server as in the server's own start.
 */
export async function openCliDatabase(serverEnv: Env, repoRoot: string): Promise<CliDatabase> {
  // An operator's command may run long statements (an import, a listing): the visitors' statement and
  // idle limits are not for it; the connect limit still is (ADR 046).
  const env: Env = {
    ...serverEnv,
    DATABASE_STATEMENT_TIMEOUT_MS: 0,
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 0,
  };
  if (!env.DATABASE_URL) {
    const lock = await readPostmasterLock(embeddedDataDir(env, repoRoot));
    if (lock?.status === 'ready') {
      const url = `postgres://postgres:postgres@127.0.0.1:${lock.port}/kippu`;
      const db = createDb(url, 2, timeoutsOf(env));
      try {
        await db.$client.query('SELECT 1 FROM mail_outbox LIMIT 1');
        return {
          db,
          via: `the running server's embedded PostgreSQL (port ${lock.port})`,
          close: () => db.$client.end(),
        };
      } catch {
        await db.$client.end();
      }
    }
  }
  const opened = await openDatabase({ ...env, DATABASE_POOL_SIZE: 2 }, repoRoot);
  return {
    db: opened.db,
    via: opened.embedded ? 'the embedded PostgreSQL (started for this command)' : 'DATABASE_URL',
    close: opened.close,
  };
}
