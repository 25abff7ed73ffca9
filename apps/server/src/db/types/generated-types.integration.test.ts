import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneTemplate } from '../../../test/test-database.ts';
import { createDb, type Db } from '../client.ts';
import { GENERATED_SCHEMAS, generatedFiles, REGENERATE_COMMAND } from './generate.ts';

/** The first line where two texts differ, for a failure a reader can act on. */
function firstDifference(committed: string, fresh: string): string {
  const a = committed.split('\n');
  const b = fresh.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(a[at] ?? '(end of file)')}, migrations give ${JSON.stringify(b[at] ?? '(end of file)')}`;
}

// The generated row types and drizzle tables (ADR 051) against a database the migrations built: the test
// run's template, cloned. Regenerated into a temporary directory and compared with the committed files.
describe('generated row types and tables (db/generated)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let dir: string;

  beforeAll(async () => {
    const { adminUrl, template } = inject('testDatabase');
    const clone = await cloneTemplate(adminUrl, template);
    drop = clone.drop;
    db = createDb(clone.url, 1);
    dir = await mkdtemp(join(tmpdir(), 'kippu-db-types-'));
  });

  afterAll(async () => {
    await db?.$client.end();
    await drop?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  // The server's schema (public) and the gateway simulator's own (gateway_sim, ADR 060).
  it.each(GENERATED_SCHEMAS)('match the migrations of $schema', async (target) => {
    const files = await generatedFiles(db.$client, target);
    expect([...files.keys()].sort()).toEqual(['rows.ts', 'tables.ts']);
    for (const [name, text] of files) {
      await writeFile(join(dir, name), text);
      const fresh = await readFile(join(dir, name), 'utf8');
      const committed = await readFile(target.dir + name, 'utf8').catch(() => '');
      if (committed !== fresh) {
        expect.fail(
          `${target.dir}${name} is stale: run \`${REGENERATE_COMMAND}\` and commit it ` +
            `(${firstDifference(committed, fresh)})`,
        );
      }
    }
  });
});
