import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Pool } from 'pg';

/** The simulator's migrations (apps/gateway-simulator/migrations), numbered apart from the server's. */
const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** The schema every simulator table lives in, its migration table too (ADR 060). */
export const SIMULATOR_SCHEMA = 'gateway_sim';

/** The simulator's migration files, in the order they apply. */
async function listSimulatorMigrations(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort();
}

/**
 * The schema and its migration table. `IF NOT EXISTS` is not safe against itself (two sessions at once:
 * one fails on the catalog's unique key), so a failure is fine when both are there afterwards.
 */
async function createMigrationTable(pool: Pool): Promise<void> {
  try {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${SIMULATOR_SCHEMA}`);
    await pool.query(
      `CREATE TABLE IF NOT EXISTS ${SIMULATOR_SCHEMA}.schema_migrations
         (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
  } catch (error) {
    const { rows } = await pool.query<{ exists: boolean }>(
      `SELECT to_regclass('${SIMULATOR_SCHEMA}.schema_migrations') IS NOT NULL AS exists`,
    );
    if (!rows[0]!.exists) throw error;
  }
}

/**
 * Runs one migration unless another process did: as the server's runner (ADR 012), the migration's row is
 * inserted first in the transaction that runs its SQL, and the row's primary key is the lock.
 */
async function applyUnlessApplied(pool: Pool, name: string): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const claim = await client.query(
      `INSERT INTO ${SIMULATOR_SCHEMA}.schema_migrations (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`,
      [name],
    );
    const claimed = claim.rowCount === 1;
    if (claimed) await client.query(await readFile(MIGRATIONS_DIR + name, 'utf8'));
    await client.query('COMMIT');
    return claimed;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw new Error(`gateway simulator migration ${name} failed: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    client.release();
  }
}

/**
 * Applies the simulator's migrations not yet run, in order, each in its own transaction, recorded in
 * gateway_sim.schema_migrations (the server's own table never names them). The server calls this before
 * its own migrations (database.ts): the first one moves the tables an older server kept in public, which
 * the server's 0760 then drops. Safe for several processes at once.
 */
export async function migrateGatewaySimulator(pool: Pool): Promise<string[]> {
  await createMigrationTable(pool);
  const done = new Set(
    (await pool.query<{ name: string }>(`SELECT name FROM ${SIMULATOR_SCHEMA}.schema_migrations`)).rows.map(
      (row) => row.name,
    ),
  );
  const applied: string[] = [];
  for (const name of await listSimulatorMigrations()) {
    if (done.has(name)) continue;
    if (await applyUnlessApplied(pool, name)) applied.push(name);
  }
  return applied;
}
