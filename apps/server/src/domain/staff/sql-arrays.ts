import { sql, type SQL } from 'drizzle-orm';

/**
 * A text[] parameter. A plain array in drizzle's `sql` becomes a list of parameters (`($1, $2)`, and `()`
 * when empty); wrapped in a Param it travels as one array value.
 */
export function textArray(values: readonly string[]): SQL {
  return sql`${sql.param([...values])}::text[]`;
}
