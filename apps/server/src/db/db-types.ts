import type pg from 'pg';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema.ts';

// The handle's types, apart from client.ts that builds it: timeouts.ts needs them and client.ts needs
// timeouts.ts, and a type-only import back would tie the two into a cycle (ADR 062). client.ts re-exports them.
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** The handle `db.transaction(...)` passes to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
