import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** What the server process needs to find its database, and how to clean up after it has stopped. */
export interface E2eDatabase {
  /** Extra environment for the server process. */
  env: Record<string, string>;
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
 * With TEST_DATABASE_URL (CI): a fresh database on that server, so runs never see each other's data.
 * Without it: the server starts its own embedded PostgreSQL in a throw-away directory, as `npm start` does.
 * Either way the server migrates and seeds the demo data itself, exactly as in production start-up.
 */
export async function createE2eDatabase(): Promise<E2eDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `kippu_e2e_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      // On DATABASE_URL the demo is opt-in (ADR 013); the journeys need it.
      env: { DATABASE_URL: url.toString(), SEED_DEMO_DATA: 'true' },
      describe: `database ${name} on TEST_DATABASE_URL`,
      remove: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'kippu-e2e-pg-'));
  return {
    env: { EMBEDDED_PG_DIR: dir },
    describe: `embedded PostgreSQL in ${dir}`,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
