import { resolve } from 'node:path';
import type { Env } from './config/env.ts';
import { createDb, type Db } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';

export interface OpenDatabase {
  db: Db;
  embedded: boolean;
  close(): Promise<void>;
}

/** DATABASE_URL when set; otherwise an embedded PostgreSQL in EMBEDDED_PG_DIR. Migrations run either way. */
export async function openDatabase(env: Env, repoRoot: string): Promise<OpenDatabase> {
  const embedded = env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(resolve(repoRoot, env.EMBEDDED_PG_DIR), { persistent: true });
  const db = createDb(env.DATABASE_URL ?? embedded!.url, env.DATABASE_POOL_SIZE);
  try {
    await migrate(db.$client);
  } catch (error) {
    await db.$client.end();
    await embedded?.stop();
    throw error;
  }
  return {
    db,
    embedded: embedded !== undefined,
    async close() {
      await db.$client.end();
      await embedded?.stop();
    },
  };
}
