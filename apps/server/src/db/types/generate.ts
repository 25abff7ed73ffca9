import { fileURLToPath } from 'node:url';
import type { Pool } from 'pg';
import { format, resolveConfig } from 'prettier';
import { introspect } from './introspect.ts';
import { renderRows, renderTables } from './render.ts';

/** Where the generated files live, committed (ADR 051). */
export const GENERATED_DIR = fileURLToPath(new URL('../generated/', import.meta.url));

/** The command that rewrites them, named by the staleness test's failure. */
export const REGENERATE_COMMAND = 'npm run db:types';

/**
 * The generated files' contents (name → text) for the migrated database `pool` is connected to, formatted
 * with the repository's prettier settings so a regenerated file is the committed one byte for byte.
 */
export async function generatedFiles(pool: Pick<Pool, 'query'>): Promise<Map<string, string>> {
  const tables = (await introspect(pool)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files = new Map([
    ['rows.ts', renderRows(tables)],
    ['tables.ts', renderTables(tables)],
  ]);
  for (const [name, text] of files) {
    const path = GENERATED_DIR + name;
    const options = await resolveConfig(path);
    files.set(name, await format(text, { ...options, filepath: path }));
  }
  return files;
}
