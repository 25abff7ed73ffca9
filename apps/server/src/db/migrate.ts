import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Pool } from 'pg';
import { extendTimeouts } from './timeouts.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** The migration files, in the order they apply. */
export async function listMigrations(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort();
}

/**
 * `CREATE TABLE IF NOT EXISTS` is not safe against itself: when two sessions run it at once, PostgreSQL
 * creates the table in one and fails the other on its catalog (duplicate type or key). Such a failure is
 * fine when the table is there afterwards.
 */
async function createMigrationTable(pool: Pool): Promise<void> {
  try {
    await pool.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  } catch (error) {
    const { rows } = await pool.query<{ exists: boolean }>(
      "SELECT to_regclass('schema_migrations') IS NOT NULL AS exists",
    );
    if (!rows[0]!.exists) throw error;
  }
}

/**
 * Runs one migration unless another server did: its `schema_migrations` row is inserted first, in the
 * transaction that runs the SQL. The row's primary key is the lock: another server inserting the same name
 * waits until this transaction ends, then finds the row (committed, nothing to do) or inserts it itself
 * (rolled back). No advisory or table locks (ADR 012), so this works on PostgreSQL-compatible distributed
 * databases too. Returns whether this call applied it.
 */
async function applyUnlessApplied(pool: Pool, name: string): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // A migration may rewrite a large table: no statement limit for it (ADR 046).
    await extendTimeouts(client, { statementMs: 0, idleInTransactionMs: 0 });
    const claim = await client.query(
      'INSERT INTO schema_migrations (name) VALUES ($1) ON CONFLICT (name) DO NOTHING',
      [name],
    );
    const claimed = claim.rowCount === 1;
    if (claimed) await client.query(await readFile(MIGRATIONS_DIR + name, 'utf8'));
    await client.query('COMMIT');
    return claimed;
  } catch (error) {
    // A broken connection cannot roll back; the server ends the transaction when the session goes.
    await client.query('ROLLBACK').catch(() => undefined);
    throw new Error(`migration ${name} failed: ${(error as Error).message}`, { cause: error });
  } finally {
    client.release();
  }
}

/**
 * Applies the numbered SQL files in `migrations/` that have not run yet, in order, each in its own
 * transaction. Any number of servers may call this at once on the same database: each migration runs
 * exactly once, and none starts before the previous one is committed.
 */
export async function migrate(pool: Pool): Promise<string[]> {
  await createMigrationTable(pool);
  const done = new Set(
    (await pool.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name),
  );
  const applied: string[] = [];
  for (const name of await listMigrations()) {
    if (done.has(name)) continue;
    if (await applyUnlessApplied(pool, name)) applied.push(name);
  }
  return applied;
}
