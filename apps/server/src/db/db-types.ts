import type pg from 'pg';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';

// The handle's types, apart from client.ts that builds it: timeouts.ts needs them and client.ts needs
// timeouts.ts, and a type-only import back would tie the two into a cycle (ADR 062). client.ts re-exports them.
/**
 * Without drizzle's relational schema: nothing uses `db.query.<table>`, and with a schema every transaction
 * builds a query builder per table (the largest drizzle cost in an on-sale server's profile).
 */
export type Db = NodePgDatabase & { $client: pg.Pool };
/** The handle `db.transaction(...)` passes to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
