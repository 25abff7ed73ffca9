import { createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneTemplate } from '../../test/test-database.ts';
import { createDb, type Db } from './client.ts';
import { DatabaseNoAnswerError, GuardedClient } from './guarded-client.ts';
import { DatabaseBusyError } from './raised-by-database.ts';
import { transactionWithTimeouts } from './timeouts.ts';
import { isDatabaseBusy, isDatabaseUnavailable } from './unavailable.ts';

/** The pool's fault handling on real PostgreSQL (ADR 046): cut connections, timeouts, per-use overrides. */
describe('the database pool under faults', () => {
  let url: string;
  let drop: () => Promise<void>;
  const pools: Db[] = [];
  let admin: pg.Client;

  beforeAll(async () => {
    const { adminUrl, template } = inject('testDatabase');
    ({ url, drop } = await cloneTemplate(adminUrl, template));
    admin = new pg.Client({ connectionString: url });
    admin.on('error', () => undefined);
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    for (const db of pools) await db.$client.end();
    await drop();
  });

  function pool(statementMs: number, idleInTransactionMs = 60_000, max = 1): Db {
    const db = createDb(
      url,
      max,
      { connectMs: 2000, statementMs, idleInTransactionMs },
      {
        onConnectionError: () => undefined,
      },
    );
    pools.push(db);
    return db;
  }

  async function failure(work: Promise<unknown>): Promise<unknown> {
    return work.then(
      () => {
        throw new Error('expected a failure');
      },
      (error: unknown) => error,
    );
  }

  it('a backend terminated under a checked-out transaction fails that connection, not the process', async () => {
    const db = pool(10_000);
    const client = await db.$client.connect();
    await client.query('BEGIN');
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const ended = new Promise((resolve) => client.once('end', resolve));
    // idle in transaction, checked out: pg-pool has no listener on it now (issue 24, item 1).
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await ended;
    const error = await failure(client.query('SELECT 1'));
    expect(isDatabaseUnavailable(error)).toBe(true);
    client.release();
    // The pool dropped the broken connection and opens a new one.
    expect((await db.execute(sql`SELECT 1 AS one`)).rows).toEqual([{ one: 1 }]);
  });

  it("the pool's statement timeout cancels a slow statement (57014: unavailable, not a bug)", async () => {
    const db = pool(300);
    const error = await failure(db.execute(sql`SELECT pg_sleep(0.8)`));
    expect((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code).toBe(
      '57014',
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('transactionWithTimeouts lets one transaction run longer, then the pool limit is back', async () => {
    // 1.5 s is past both the server's 300 ms and the client's answer limit (300 ms + 1 s grace).
    const db = pool(300);
    await transactionWithTimeouts(db, { statementMs: 5000 }, async (tx) => {
      await tx.execute(sql`SELECT pg_sleep(1.5)`);
    });
    // Same (only) connection: the SET LOCAL ended with the transaction.
    const error = await failure(db.execute(sql`SELECT pg_sleep(0.8)`));
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect((await db.execute(sql`SELECT current_setting('statement_timeout') AS t`)).rows).toEqual([
      { t: '300ms' },
    ]);
  });

  it('a transaction left idle past the limit is ended by the server; a longer per-use limit keeps it', async () => {
    const db = pool(10_000, 300);
    const error = await failure(
      db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await sleep(900);
        await tx.execute(sql`SELECT 1`);
      }),
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    const answer = await transactionWithTimeouts(db, { idleInTransactionMs: 5000 }, async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await sleep(900);
      return (await tx.execute(sql`SELECT 2 AS two`)).rows;
    });
    expect(answer).toEqual([{ two: 2 }]);
  });

  it('a wait for a free connection while every connection is busy is load (server busy), not an outage', async () => {
    const db = createDb(
      url,
      1,
      { connectMs: 300, statementMs: 10_000, idleInTransactionMs: 60_000 },
      {
        onConnectionError: () => undefined,
      },
    );
    pools.push(db);
    // The pool's only connection, checked out and working.
    const busy = await db.$client.connect();
    try {
      for (const work of [
        () => db.execute(sql`SELECT 1`),
        () => db.transaction(async (tx) => tx.execute(sql`SELECT 1`)),
      ]) {
        const error = await failure(work());
        expect(isDatabaseBusy(error)).toBe(true);
        expect(isDatabaseUnavailable(error)).toBe(false);
      }
      expect(await failure(db.$client.connect())).toBeInstanceOf(DatabaseBusyError);
    } finally {
      busy.release();
    }
    expect((await db.execute(sql`SELECT 1 AS one`)).rows).toEqual([{ one: 1 }]);
  });

  it('a refused connect is the database being away, and says so', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const db = createDb(
      `postgres://nobody@127.0.0.1:${port}/none`,
      1,
      {
        connectMs: 1000,
        statementMs: 1000,
        idleInTransactionMs: 1000,
      },
      { onConnectionError: () => undefined },
    );
    pools.push(db);
    const error = await failure(db.execute(sql`SELECT 1`));
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseBusy(error)).toBe(false);
  });

  it('a statement without an answer past the answer limit ends its connection', async () => {
    const client = new GuardedClient({ connectionString: url, answerLimitMs: 300 });
    await client.connect();
    const error = await failure(client.query('SELECT pg_sleep(2)'));
    expect(error).toBeInstanceOf(DatabaseNoAnswerError);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The statement may still run on a frozen server: the connection is never used again.
    expect(isDatabaseUnavailable(await failure(client.query('SELECT 1')))).toBe(true);
    await client.end().catch(() => undefined);
  });

  describe('a server that accepts connections and never answers (a frozen postmaster)', () => {
    let silent: Server;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      silent = createServer((socket) => sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('fails the query after the connect timeout, as unavailable', async () => {
      const address = silent.address() as { port: number };
      const db = createDb(
        `postgres://nobody@127.0.0.1:${address.port}/none`,
        1,
        { connectMs: 300, statementMs: 300, idleInTransactionMs: 300 },
        { onConnectionError: () => undefined },
      );
      pools.push(db);
      const error = await failure(db.execute(sql`SELECT 1`));
      expect(isDatabaseUnavailable(error)).toBe(true);
    });

    it('a wait for a connection behind a connect the database does not answer stays unavailable, not busy', async () => {
      const address = silent.address() as { port: number };
      const db = createDb(
        `postgres://nobody@127.0.0.1:${address.port}/none`,
        1,
        { connectMs: 300, statementMs: 300, idleInTransactionMs: 300 },
        { onConnectionError: () => undefined },
      );
      pools.push(db);
      // The pool is full of one connect in flight; the other calls wait for it and time out with it.
      const errors = await Promise.all(Array.from({ length: 3 }, () => failure(db.execute(sql`SELECT 1`))));
      for (const error of errors) {
        expect(isDatabaseUnavailable(error)).toBe(true);
        expect(isDatabaseBusy(error)).toBe(false);
      }
    });
  });
});
