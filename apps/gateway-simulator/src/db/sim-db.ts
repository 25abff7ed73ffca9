import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';

/**
 * The database handle the simulators run their statements on: any drizzle node-postgres database whose
 * connection reaches the `gateway_sim` schema (the server's own pool does, and so does the simulator's).
 * Its statements name their tables with the schema, so no search_path is needed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any drizzle schema: the simulator uses raw SQL only.
export type SimDb = NodePgDatabase<any> & { $client: pg.Pool };
