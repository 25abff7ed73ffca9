import { resolve } from 'node:path';
import type { Env } from './config/env.ts';
import { createDb, type Db } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { timeoutsOf } from './db/timeouts.ts';

export interface OpenDatabase {
  db: Db;
  embedded: boolean;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Told when the embedded PostgreSQL stops without being asked to: the server cannot go on. */
  onEmbeddedExit?: (reason: string) => void;
}

/** Where the embedded PostgreSQL keeps its data (EMBEDDED_PG_DIR is relative to the repository). */
export function embeddedDataDir(env: Env, repoRoot: string): string {
  return resolve(repoRoot, env.EMBEDDED_PG_DIR);
}

/** DATABASE_URL when set; otherwise an embedded PostgreSQL in EMBEDDED_PG_DIR. Migrations run either way. */
export async function openDatabase(
  env: Env,
  repoRoot: string,
  options: OpenDatabaseOptions = {},
): Promise<OpenDatabase> {
  const embedded = env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(embeddedDataDir(env, repoRoot), {
        persistent: true,
        onUnexpectedExit: options.onEmbeddedExit,
      });
  const db = createDb(env.DATABASE_URL ?? embedded!.url, env.DATABASE_POOL_SIZE, timeoutsOf(env));
  const close = async () => {
    await db.$client.end();
    await embedded?.stop();
  };
  try {
    await migrate(db.$client);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, embedded: embedded !== undefined, close };
}
