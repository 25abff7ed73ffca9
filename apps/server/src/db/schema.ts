/**
 * The drizzle-orm tables of every table the migrations create, generated from the migrated database by
 * `npm run db:types` (ADR 051; the SQL stays the source of truth, ADR 003). Row types for raw SQL:
 * `./generated/rows.ts`.
 */
export * from './generated/tables.ts';
