import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../../apps/server/src/db/embedded.ts';

export { databaseUrl } from '../../../apps/server/src/db/database-url.ts';

const LOCAL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface PostgresServer {
  /** An admin connection URL (any database on the server) able to create and drop databases. */
  adminUrl: string;
  /** Where the URL came from, for the report. */
  source: string;
  stop(): Promise<void>;
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The PostgreSQL server to benchmark on: BENCH_DATABASE_URL, TEST_DATABASE_URL, DATABASE_URL, a local
 * server on 5432, else an embedded one (slower start, same engine) that is removed afterwards.
 */
export async function openPostgresServer(): Promise<PostgresServer> {
  for (const name of ['BENCH_DATABASE_URL', 'TEST_DATABASE_URL', 'DATABASE_URL'] as const) {
    const url = process.env[name];
    if (url) return { adminUrl: url, source: name, stop: async () => {} };
  }
  if (await reachable(LOCAL_DEFAULT))
    return { adminUrl: LOCAL_DEFAULT, source: LOCAL_DEFAULT, stop: async () => {} };
  const dir = await mkdtemp(join(tmpdir(), 'kippu-bench-pg-'));
  const embedded = await startEmbeddedPostgres(dir, { persistent: false });
  return {
    adminUrl: embedded.url,
    source: 'embedded PostgreSQL',
    async stop() {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function withAdminClient<T>(
  adminUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
