import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** The handle `db.transaction(...)` passes to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// bigint columns (counts, ids) come back as numbers: every value we store fits in 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// dates stay 'YYYY-MM-DD' strings: a visit date has no time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export function createDb(connectionString: string, max = 20): Db {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection that dies (database restart, failover) must not crash the process: the pool
  // drops it and opens a new one on the next query.
  pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
  return drizzle(pool, { schema }) as Db;
}
