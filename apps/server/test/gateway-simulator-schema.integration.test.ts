import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadEnv } from '../src/config/env.ts';
import { migrateAll } from '../src/database.ts';
import { createDb, type Db } from '../src/db/client.ts';
import { databaseUrl } from '../src/db/database-url.ts';
import { listMigrations } from '../src/db/migrate.ts';
import { admin } from './test-database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));
/** The server's migration that drops the simulator's tables from public (ADR 060). */
const DROP = '0760_gateway_simulator_tables_gone.sql';

const { adminUrl, template } = inject('testDatabase');
const opened: { db: Db; name: string }[] = [];

async function database(from = 'template0'): Promise<{ db: Db; url: string }> {
  const name = `kippu_simschema_${randomBytes(5).toString('hex')}`;
  await admin(adminUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${from}`));
  const url = databaseUrl(adminUrl, name);
  const db = createDb(url, 2);
  opened.push({ db, name });
  return { db, url };
}

/** A database as a server before ADR 060 left it: every server migration before the drop, as that runner did. */
async function olderDatabase(): Promise<{ db: Db; url: string }> {
  const older = await database();
  await older.db.$client.query(
    'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  for (const name of (await listMigrations()).filter((file) => file < DROP)) {
    await older.db.$client.query(await readFile(MIGRATIONS_DIR + name, 'utf8'));
    await older.db.$client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
  }
  return older;
}

async function tablesIn(db: Db, schema: string): Promise<string[]> {
  const { rows } = await db.$client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind = 'r' ORDER BY 1`,
    [schema],
  );
  return rows.map((row) => row.name);
}

/** Each gateway_sim table's columns with their type, nullability and default: the shape a statement sees. */
async function simulatorShape(db: Db): Promise<string[]> {
  const { rows } = await db.$client.query<{ line: string }>(
    `SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' ||
            coalesce(column_default, '-') AS line
     FROM information_schema.columns WHERE table_schema = 'gateway_sim' ORDER BY 1`,
  );
  return rows.map((row) => row.line);
}

afterAll(async () => {
  for (const { db, name } of opened) {
    await db.$client.end();
    await admin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
});

describe('the simulator’s tables in their own schema (ADR 060)', () => {
  it('an older database keeps a simulated payment in flight: its rows move to gateway_sim, public keeps none', async () => {
    const { db, url } = await olderDatabase();
    // A card trade entered but not executed, and its card token: what a visitor mid-payment leaves behind.
    await db.$client.query(`
      INSERT INTO gateway_sim_transactions (access_id, access_pass, shop_id, order_id, job_cd, amount, status)
      VALUES ('a0000000000000000000000000000001', 'p', 'tshop00000001', 'order-in-flight', 'CAPTURE', 1200,
              'UNPROCESSED')`);
    await db.$client.query(`
      INSERT INTO gateway_sim_card_tokens (token, shop_id, behaviour, masked_card_no, expire, expires_at)
      VALUES ('tok-in-flight', 'tshop00000001', 'success', '411111******1111', '3012', now() + interval '30 minutes')`);

    await migrateAll(loadEnv({ NODE_ENV: 'test', DATABASE_URL: url }), db, db);

    expect((await tablesIn(db, 'public')).filter((name) => name.startsWith('gateway_sim'))).toEqual([]);
    const trade = await db.$client.query('SELECT order_id, status, amount FROM gateway_sim.gmo_transactions');
    expect(trade.rows).toEqual([{ order_id: 'order-in-flight', status: 'UNPROCESSED', amount: 1200 }]);
    const token = await db.$client.query('SELECT token FROM gateway_sim.gmo_card_tokens');
    expect(token.rows).toEqual([{ token: 'tok-in-flight' }]);
    const server = await db.$client.query('SELECT 1 FROM schema_migrations WHERE name = $1', [DROP]);
    expect(server.rowCount).toBe(1);
    const simulator = await db.$client.query('SELECT name FROM gateway_sim.schema_migrations');
    expect(simulator.rows.length).toBeGreaterThan(0);
  });

  it('the moved tables have the shape a fresh database gets', async () => {
    const moved = await olderDatabase();
    await migrateAll(loadEnv({ NODE_ENV: 'test', DATABASE_URL: moved.url }), moved.db, moved.db);
    const fresh = await database(template);
    expect(await tablesIn(moved.db, 'gateway_sim')).toEqual(await tablesIn(fresh.db, 'gateway_sim'));
    expect(await simulatorShape(moved.db)).toEqual(await simulatorShape(fresh.db));
    // The 11 tables moved out of public, and the second and third card processors' 4 (0003_card2.sql).
    expect(await tablesIn(fresh.db, 'gateway_sim')).toHaveLength(15);
  });

  it('with the simulator off (production) the server drops them and makes no simulator schema', async () => {
    const { db, url } = await olderDatabase();
    await migrateAll(loadEnv({ NODE_ENV: 'test', GATEWAY_SIMULATOR: 'off', DATABASE_URL: url }), db, db);
    expect((await tablesIn(db, 'public')).filter((name) => name.startsWith('gateway_sim'))).toEqual([]);
    const schema = await db.$client.query("SELECT 1 FROM pg_namespace WHERE nspname = 'gateway_sim'");
    expect(schema.rowCount).toBe(0);
  });
});
