import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneTemplate } from '../../test/test-database.ts';
import { createDb, type Db } from './client.ts';
import { PreparedNames } from './prepared-statements.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/** Statements with parameters as named prepared statements on real PostgreSQL (ADR 131). */
describe('prepared statements', () => {
  let url: string;
  let drop: () => Promise<void>;
  const pools: Db[] = [];
  let admin: pg.Client;

  beforeAll(async () => {
    const { adminUrl, template } = inject('testDatabase');
    ({ url, drop } = await cloneTemplate(adminUrl, template));
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    for (const db of pools) await db.$client.end();
    await drop();
  });

  function pool(namedStatements: boolean): Db {
    const db = createDb(
      url,
      1,
      { connectMs: 2000, statementMs: 5000, idleInTransactionMs: 5000 },
      // Its own registry: other files in this worker may have reached the process's bound.
      { onConnectionError: () => undefined, namedStatements, preparedNames: new PreparedNames() },
    );
    pools.push(db);
    return db;
  }

  /** The prepared statements of the pool's one connection (a statement without parameters is not one). */
  async function preparedOn(db: Db): Promise<string[]> {
    const { rows } = await db.$client.query<{ statement: string }>(
      'SELECT statement FROM pg_prepared_statements ORDER BY statement',
    );
    return rows.map((row) => row.statement);
  }

  it('a statement with parameters is prepared on its connection from its second call, once', async () => {
    const db = pool(true);
    for (const n of [1, 2, 3]) {
      const { rows } = await db.execute<{ n: number }>(sql`SELECT ${n}::int AS n, 'prepared-once' AS tag`);
      expect(rows).toEqual([{ n, tag: 'prepared-once' }]);
    }
    const prepared = await preparedOn(db);
    expect(prepared.filter((text) => text.includes('prepared-once'))).toEqual([
      "SELECT $1::int AS n, 'prepared-once' AS tag",
    ]);
    // Inside a transaction, on the connection drizzle checks out, the same.
    await db.transaction(async (tx) => {
      for (const n of [4, 5]) await tx.execute(sql`SELECT ${n}::int AS n, 'in-a-transaction' AS tag`);
    });
    expect((await preparedOn(db)).some((text) => text.includes('in-a-transaction'))).toBe(true);
  });

  it('switched off, nothing is prepared', async () => {
    const db = pool(false);
    for (const n of [1, 2]) await db.execute(sql`SELECT ${n}::int AS n, 'not-prepared' AS tag`);
    // Not even a statement the code names itself (a pooler that cannot keep them must never see one).
    await db.$client.query({ name: 'chosen-by-the-code', text: 'SELECT $1::int AS n', values: [1] });
    expect(await preparedOn(db)).toEqual([]);
  });

  it('a table altered under a prepared statement ends that connection once; the next call prepares it again', async () => {
    await admin.query('CREATE TABLE prepared_probe (a int)');
    await admin.query('INSERT INTO prepared_probe VALUES (1)');
    const db = pool(true);
    // In a transaction: pg-pool drops a connection whose plain query failed anyway, not one checked out.
    const read = () =>
      db.transaction((tx) =>
        tx.execute<Record<string, unknown>>(sql`SELECT * FROM prepared_probe WHERE a = ${1}`),
      );
    for (const _call of [1, 2]) expect((await read()).rows).toEqual([{ a: 1 }]);
    const pidBefore = (await db.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`)).rows[0]!.pid;
    await admin.query('ALTER TABLE prepared_probe ADD COLUMN b int DEFAULT 2');

    const stale = await read().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((stale as { cause?: unknown }).cause).toMatchObject({ code: '0A000' });
    // Answered 503 with Retry-After, as for any call that succeeds when tried again.
    expect(isDatabaseUnavailable(stale)).toBe(true);

    expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
    const pidAfter = (await db.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`)).rows[0]!.pid;
    expect(pidAfter).not.toBe(pidBefore);
  });
});
