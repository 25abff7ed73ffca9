import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateGatewaySimulator } from '@kippu/gateway-simulator';
import { createDb } from '../src/db/client.ts';
import { databaseUrl } from '../src/db/database-url.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedOnStart } from '../src/seed/index.ts';

/** Runs `work` on one connection to the admin database (CREATE and DROP DATABASE need no pool). */
export async function admin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function prepareTemplateDatabase(): Promise<{
  adminUrl: string;
  template: string;
  teardown: () => Promise<void>;
}> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!adminUrl) {
    const dir = await mkdtemp(join(tmpdir(), 'kippu-test-pg-'));
    const embedded = await startEmbeddedPostgres(dir, { persistent: false });
    adminUrl = embedded.url;
    stopEmbedded = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const template = `kippu_tpl_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${template}`));
  const db = createDb(databaseUrl(adminUrl, template), 4);
  try {
    // The simulator's schema as a server with GATEWAY_SIMULATOR on makes it (database.ts, ADR 060).
    await migrateGatewaySimulator(db.$client);
    await migrate(db.$client);
    await seedOnStart(db, { demo: true });
  } finally {
    await db.$client.end();
  }
  const url = adminUrl;
  return {
    adminUrl: url,
    template,
    async teardown() {
      await admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
      await stopEmbedded?.();
    },
  };
}

/**
 * pg's pool.end() resolves before its sockets have closed; forcing the drop then would terminate
 * connections mid-close, which surfaces as unhandled errors. Wait (briefly) for them to go first.
 */
async function waitForConnectionsToClose(client: pg.Client, database: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [database],
    );
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A new database (a copy of `template` when given) and how to drop it once its connections have closed. */
async function newDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `kippu_t_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  return {
    url: databaseUrl(adminUrl, name),
    drop: () =>
      admin(adminUrl, async (c) => {
        await waitForConnectionsToClose(c, name);
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

/** A fresh database for one test file, cloned from the migrated and seeded template. */
export function cloneTemplate(
  adminUrl: string,
  template: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  return newDatabase(adminUrl, template);
}

/**
 * An empty database, neither migrated nor seeded nor ever analysed: what a new installation starts from, for a
 * test of how PostgreSQL plans on it.
 */
export function emptyDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  return newDatabase(adminUrl);
}
