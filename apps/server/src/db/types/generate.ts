import { fileURLToPath } from 'node:url';
import type { Pool } from 'pg';
import { format, resolveConfig } from 'prettier';
import { introspect } from './introspect.ts';
import { renderRows, renderTables, SERVER_SCHEMA, type RenderTarget } from './render.ts';

/** Where the server's generated files live, committed (ADR 051). */
export const GENERATED_DIR = fileURLToPath(new URL('../generated/', import.meta.url));

/** A schema whose files are generated, and the folder they are committed in. */
export interface GeneratedSchema extends RenderTarget {
  dir: string;
}

export const SERVER_TYPES: GeneratedSchema = { ...SERVER_SCHEMA, dir: GENERATED_DIR };

/**
 * The gateway simulator's tables (ADR 060), typed in its own workspace: the same generator over its schema.
 * The simulator imports nothing of the server; the server's tool writes its files.
 */
export const GATEWAY_SIMULATOR_TYPES: GeneratedSchema = {
  schema: 'gateway_sim',
  migrations: 'apps/gateway-simulator/migrations',
  dir: fileURLToPath(new URL('../../../../gateway-simulator/src/db/generated/', import.meta.url)),
};

/** Every schema `npm run db:types` writes and the staleness test checks. */
export const GENERATED_SCHEMAS = [SERVER_TYPES, GATEWAY_SIMULATOR_TYPES];

/** The command that rewrites them, named by the staleness test's failure. */
export const REGENERATE_COMMAND = 'npm run db:types';

/**
 * The generated files' contents (name → text) of one schema of the migrated database `pool` is connected
 * to, formatted with the repository's prettier settings so a regenerated file is the committed one byte for
 * byte.
 */
export async function generatedFiles(
  pool: Pick<Pool, 'query'>,
  target: GeneratedSchema = SERVER_TYPES,
): Promise<Map<string, string>> {
  const tables = (await introspect(pool, target.schema)).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  const files = new Map([
    ['rows.ts', renderRows(tables, target)],
    ['tables.ts', renderTables(tables, target)],
  ]);
  for (const [name, text] of files) {
    const path = target.dir + name;
    const options = await resolveConfig(path);
    files.set(name, await format(text, { ...options, filepath: path }));
  }
  return files;
}
