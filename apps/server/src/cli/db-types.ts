import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb } from '../db/client.ts';
import { databaseUrl } from '../db/database-url.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { migrate } from '../db/migrate.ts';
import { GENERATED_SCHEMAS, generatedFiles } from '../db/types/generate.ts';
import { migrateGatewaySimulator } from '@kippu/gateway-simulator';
import { runCommand } from './run-command.ts';

export const DB_TYPES_USAGE = `Regenerates apps/server/src/db/generated/ (ADR 051) and the gateway simulator's
apps/gateway-simulator/src/db/generated/ (ADR 060): migrates a scratch database with both workspaces'
migrations, reads each one's schema and writes its row types (rows.ts) and drizzle tables (tables.ts).
The PostgreSQL server is TEST_DATABASE_URL's, else DATABASE_URL's, else an embedded one started for the run.

  npm run db:types`;

async function onServer(adminUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(DB_TYPES_USAGE);
    return 0;
  }
  let adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!adminUrl) {
    const dir = await mkdtemp(join(tmpdir(), 'kippu-db-types-'));
    const embedded = await startEmbeddedPostgres(dir, { persistent: false });
    adminUrl = embedded.url;
    stopEmbedded = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const scratch = `kippu_types_${randomBytes(4).toString('hex')}`;
  try {
    await onServer(adminUrl, `CREATE DATABASE ${scratch}`);
    const db = createDb(databaseUrl(adminUrl, scratch), 2);
    try {
      await migrateGatewaySimulator(db.$client);
      await migrate(db.$client);
      for (const target of GENERATED_SCHEMAS) {
        for (const [name, text] of await generatedFiles(db.$client, target)) {
          await writeFile(target.dir + name, text);
          console.log(`wrote ${target.dir}${name}`);
        }
      }
    } finally {
      await db.$client.end();
    }
    await onServer(adminUrl, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  } finally {
    await stopEmbedded();
  }
  return 0;
}

runCommand(main);
