import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../../../apps/server/src/db/migrate.ts';
import { databaseUrl, openPostgresServer, withAdminClient } from './postgres-server.ts';

export interface BenchDatabase {
  name: string;
  url: string;
  /** Where the server came from (environment variable, local default or embedded). */
  source: string;
  serverVersion: string;
  pool: pg.Pool;
}

/**
 * Runs `work` on a fresh, migrated database `kippu_bench_<random>` and drops it afterwards,
 * also when `work` throws, so an aborted benchmark leaves nothing behind.
 */
export async function withBenchDatabase<T>(work: (database: BenchDatabase) => Promise<T>): Promise<T> {
  const server = await openPostgresServer();
  const name = `kippu_bench_${randomBytes(5).toString('hex')}`;
  try {
    await withAdminClient(server.adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    const url = databaseUrl(server.adminUrl, name);
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    // pool.end() resolves once it has asked its connections to close, not once they have: the drop below
    // (WITH FORCE) can terminate one still closing, and pg-pool reports that on the pool. Unheard, it killed
    // the benchmark before its last line (on-sale, 2 runs of 4 on session 21's machine).
    pool.on('error', () => undefined);
    try {
      await migrate(pool);
      const version = await pool.query<{ server_version: string }>('SHOW server_version');
      return await work({
        name,
        url,
        source: server.source,
        serverVersion: version.rows[0]!.server_version,
        pool,
      });
    } finally {
      await pool.end();
    }
  } finally {
    await withAdminClient(server.adminUrl, (c) =>
      c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    ).catch((error: unknown) => console.error(`could not drop ${name}: ${(error as Error).message}`));
    await server.stop();
  }
}
