import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';

/** What the server process needs to find its database, and how to clean up after it has stopped. */
export interface E2eDatabase {
  /** Extra environment for the server process. */
  env: Record<string, string>;
  /** The server's database: journeys read and age its rows (an order's hold running out). */
  url: string;
  describe: string;
  /** Runs after the server has exited. */
  remove(): Promise<void>;
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for the server under test, on TEST_DATABASE_URL (CI) or, without it, on an embedded
 * PostgreSQL this run starts and stops. The journeys need the database's address (to let a hold run
 * out without waiting twenty minutes), so the run owns the PostgreSQL rather than the server; the
 * server's own embedded start is covered by its restart tests. The server migrates and seeds the demo
 * data itself, exactly as in production start-up.
 */
export async function createE2eDatabase(): Promise<E2eDatabase> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let where = 'TEST_DATABASE_URL';
  if (!adminUrl) {
    const dir = await mkdtemp(join(tmpdir(), 'kippu-e2e-pg-'));
    const embedded = await startEmbeddedPostgres(dir, { persistent: false });
    adminUrl = embedded.url;
    where = `an embedded PostgreSQL in ${dir}`;
    stopEmbedded = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const name = `kippu_e2e_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = adminUrl;
  return {
    // On DATABASE_URL the demo is opt-in (ADR 013); the journeys need it.
    env: { DATABASE_URL: url.toString(), SEED_DEMO_DATA: 'true' },
    url: url.toString(),
    describe: `database ${name} on ${where}`,
    async remove() {
      await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await stopEmbedded?.();
    },
  };
}
