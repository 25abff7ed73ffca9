import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Env } from '../config/env.ts';
import type { Db, Tx } from './db-types.ts';
import { GuardedClient } from './guarded-client.ts';

/** How long the database may take (ADR 046); 0 turns a limit off. Set by the DATABASE_*_TIMEOUT_MS variables. */
export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a free one in the pool. */
  connectMs: number;
  /** One statement (the server cancels it: SQLSTATE 57014). */
  statementMs: number;
  /** A transaction left idle (the server ends the session: 25P03). */
  idleInTransactionMs: number;
}

/** A visitor's request: short enough that a frozen or gone database answers 503 well before the browser gives up. */
export const DEFAULT_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 10_000,
  statementMs: 15_000,
  idleInTransactionMs: 60_000,
};

/** The pool's limits from the environment (DATABASE_CONNECT_TIMEOUT_MS and its siblings). */
export function timeoutsOf(
  env: Pick<
    Env,
    | 'DATABASE_CONNECT_TIMEOUT_MS'
    | 'DATABASE_STATEMENT_TIMEOUT_MS'
    | 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS'
  >,
): DatabaseTimeouts {
  return {
    connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/**
 * How long past the statement timeout the client waits for any answer before it ends the connection (a
 * frozen server never sends the cancellation): the server's own cancel comes first when it can.
 */
export const ANSWER_GRACE_MS = 1000;

export function answerLimitFor(statementMs: number): number {
  return statementMs > 0 ? statementMs + ANSWER_GRACE_MS : 0;
}

export type LongerTimeouts = Partial<Pick<DatabaseTimeouts, 'statementMs' | 'idleInTransactionMs'>>;

/**
 * Per-use override, inside a transaction on `client`: `SET LOCAL` semantics (set_config(..., true)), so
 * the limits end with the transaction; the client-side answer limit follows the statement timeout and
 * goes back to the pool's when the connection is released (client.ts). 0 means no limit.
 */
export async function extendTimeouts(client: pg.ClientBase, timeouts: LongerTimeouts): Promise<void> {
  const { statementMs, idleInTransactionMs } = timeouts;
  if (statementMs !== undefined && client instanceof GuardedClient) {
    client.answerLimitMs = answerLimitFor(statementMs);
  }
  await client.query(
    `SELECT set_config('statement_timeout', COALESCE($1, current_setting('statement_timeout')), true),
            set_config('idle_in_transaction_session_timeout',
                       COALESCE($2, current_setting('idle_in_transaction_session_timeout')), true)`,
    [
      statementMs === undefined ? null : `${statementMs}ms`,
      idleInTransactionMs === undefined ? null : `${idleInTransactionMs}ms`,
    ],
  );
}

/**
 * One transaction whose statements may run longer than a visitor's request may (ADR 046): exports,
 * background jobs that hold a transaction across a slow call (the mail worker across an SMTP send), data
 * migrations. Everything else keeps the pool's limits.
 *
 *     await transactionWithTimeouts(db, { idleInTransactionMs: 120_000 }, async (tx) => { ... });
 */
export async function transactionWithTimeouts<T>(
  db: Db,
  timeouts: LongerTimeouts,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const client = await db.$client.connect();
  try {
    // The connection's own drizzle session: its transaction is on this client, whose limits we set.
    const session = drizzle(client);
    return await session.transaction(async (tx) => {
      await extendTimeouts(client, timeouts);
      return work(tx as unknown as Tx);
    });
  } finally {
    client.release();
  }
}
