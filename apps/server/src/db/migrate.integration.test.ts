import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { admin } from '../../test/test-database.ts';
import { databaseUrl } from './database-url.ts';
import { listMigrations, migrate } from './migrate.ts';

/** As many servers as the reproduction started at once (27 of 40 failed before). */
const SERVERS = 40;

describe('migrate() run by many servers at once on a fresh database', () => {
  const { adminUrl } = inject('testDatabase');
  const database = `kippu_migrate_${randomBytes(5).toString('hex')}`;
  // One pool per "server", one connection each: the calls really run side by side.
  const pools = Array.from({ length: SERVERS }, () => {
    const pool = new pg.Pool({ connectionString: databaseUrl(adminUrl, database), max: 1 });
    // pool.end() resolves before its sockets close; the forced drop below may end them first.
    pool.on('error', () => undefined);
    return pool;
  });

  beforeAll(() => admin(adminUrl, (client) => client.query(`CREATE DATABASE ${database}`)));
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await admin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  });

  it('all succeed and apply every migration exactly once', async () => {
    const results = await Promise.allSettled(pools.map((pool) => migrate(pool)));

    const failures = results.flatMap((result) =>
      result.status === 'rejected' ? [String((result.reason as Error).message)] : [],
    );
    expect(failures).toEqual([]);
    const appliedByAll = results.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
    const files = await listMigrations();
    expect(files.length).toBeGreaterThan(1);
    expect([...appliedByAll].sort()).toEqual(files);

    const { rows } = await pools[0]!.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    );
    expect(rows.map((row) => row.name)).toEqual(files);
  });

  it('a later run on the migrated database applies nothing', async () => {
    await expect(migrate(pools[1]!)).resolves.toEqual([]);
  });
});
