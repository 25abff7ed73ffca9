import type { Pool } from 'pg';

/** One column of a migrated table, as the catalog describes it. */
export interface ColumnInfo {
  name: string;
  /** pg_type.typname: `int8`, `text`, `_int4` (an array of int4), ... */
  udt: string;
  notNull: boolean;
  /** The default expression as PostgreSQL prints it (`now()`, `nextval('orders_id_seq'::regclass)`). */
  defaultExpr: string | null;
  /** The expression of a `GENERATED ALWAYS AS (...) STORED` column. */
  generatedExpr: string | null;
  /** The values a `CHECK (col = ANY (ARRAY[...]))` allows, in the constraint's order. */
  allowed: string[] | null;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  primaryKey: string[];
}

// One schema's tables and columns in the order the migrations created them (attnum), tables by name.
const COLUMNS = `
  SELECT c.relname AS table_name, a.attname AS column_name, t.typname AS udt, a.attnotnull AS not_null,
         CASE WHEN a.attgenerated = '' THEN pg_get_expr(d.adbin, d.adrelid) END AS default_expr,
         CASE WHEN a.attgenerated <> '' THEN pg_get_expr(d.adbin, d.adrelid) END AS generated_expr
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  JOIN pg_type t ON t.oid = a.atttypid
  LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
  WHERE n.nspname = $1 AND c.relkind = 'r'
  ORDER BY c.relname, a.attnum`;

const CONSTRAINTS = `
  SELECT t.relname AS table_name, c.contype AS kind, pg_get_constraintdef(c.oid) AS definition,
         ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
               ORDER BY k.ord)::text[] AS columns
  FROM pg_constraint c
  JOIN pg_class t ON t.oid = c.conrelid
  WHERE c.connamespace = $1::regnamespace AND c.contype IN ('p', 'c')
  ORDER BY t.relname, c.conname`;

// What PostgreSQL prints for `CHECK (kind IN ('a', 'b'))`: CHECK ((kind = ANY (ARRAY['a'::text, 'b'::text])))
const ALLOWED_VALUES = /^CHECK \(\((\w+) = ANY \(ARRAY\[((?:'[^']*'::text(?:, )?)+)\]\)\)\)$/;

function allowedValues(definition: string): { column: string; values: string[] } | undefined {
  const match = ALLOWED_VALUES.exec(definition);
  if (!match) return undefined;
  return { column: match[1]!, values: [...match[2]!.matchAll(/'([^']*)'::text/g)].map((m) => m[1]!) };
}

/**
 * Every table of one schema of the database `pool` is connected to: the server's (public), or the gateway
 * simulator's own (gateway_sim, ADR 060).
 */
export async function introspect(pool: Pick<Pool, 'query'>, schema = 'public'): Promise<TableInfo[]> {
  const columns = await pool.query<{
    table_name: string;
    column_name: string;
    udt: string;
    not_null: boolean;
    default_expr: string | null;
    generated_expr: string | null;
  }>(COLUMNS, [schema]);
  const constraints = await pool.query<{
    table_name: string;
    kind: 'p' | 'c';
    definition: string;
    columns: string[];
  }>(CONSTRAINTS, [schema]);
  const tables = new Map<string, TableInfo>();
  for (const row of columns.rows) {
    let table = tables.get(row.table_name);
    if (!table) tables.set(row.table_name, (table = { name: row.table_name, columns: [], primaryKey: [] }));
    table.columns.push({
      name: row.column_name,
      udt: row.udt,
      notNull: row.not_null,
      defaultExpr: row.default_expr,
      generatedExpr: row.generated_expr,
      allowed: null,
    });
  }
  for (const row of constraints.rows) {
    const table = tables.get(row.table_name);
    if (!table) continue;
    if (row.kind === 'p') table.primaryKey = row.columns;
    const allowed = row.kind === 'c' ? allowedValues(row.definition) : undefined;
    const column = allowed && table.columns.find((c) => c.name === allowed.column);
    if (column && allowed) column.allowed = allowed.values;
  }
  return [...tables.values()];
}
