import pg from 'pg';
import { markRaisedByDatabase } from './raised-by-database.ts';
import {
  isStalePreparedStatement,
  type PreparedNames,
  processPreparedNames,
  withoutPreparedName,
  withPreparedName,
} from './prepared-statements.ts';

/**
 * The pool's connection class (ADR 046). Two guards every connection the server opens carries from birth,
 * whoever checks it out (drizzle, the hold batcher, the migration runner):
 *
 * - a permanent `'error'` listener. pg-pool removes its own listener while a connection is checked out, so
 *   a backend terminated under a transaction (`pg_terminate_backend`, failover, idle-in-transaction
 *   timeout) raised an `'error'` event nobody heard, and Node ended the process (issue 24). Now the error
 *   fails the queries on that connection (the request answers 503, the job retries) and the pool drops it.
 * - an answer limit. A frozen database (SIGSTOP, a stalled network) never answers, so its own
 *   statement_timeout never fires; a statement still unanswered `answerLimitMs` after it was sent ends its
 *   connection. Ending it is the point: pg's own `query_timeout` leaves the statement running on the
 *   connection, which goes back to the pool and, once the database wakes, runs the next user's statements
 *   inside the stale transaction.
 *
 * With `namedStatements` (the default), statements with parameters run as prepared statements named after
 * their text (prepared-statements.ts, ADR 131): PostgreSQL parses each once per connection, and its plan
 * cache may keep a plan. Without, no statement is named, not even those the code names itself.
 *
 * It also marks every error it hands back (a failed connect, a failed statement, a lost connection) as
 * raised by the database (raised-by-database.ts): only those can answer 503 temporarily unavailable.
 */
export class GuardedClient extends pg.Client {
  /** No answer this long after a statement was sent ends the connection; 0: wait for ever. */
  answerLimitMs: number;
  /** What the pool set; `answerLimitMs` goes back to it when the connection returns to the pool. */
  readonly defaultAnswerLimitMs: number;
  private reported = false;
  private readonly opening: ConnectsInFlight | undefined;
  private readonly namedStatements: boolean;
  private readonly preparedNames: PreparedNames;

  constructor(config: GuardedClientConfig) {
    const { answerLimitMs, onConnectionError, opening, namedStatements, preparedNames, ...pgConfig } = config;
    super(pgConfig);
    this.answerLimitMs = answerLimitMs;
    this.defaultAnswerLimitMs = answerLimitMs;
    this.opening = opening;
    this.namedStatements = namedStatements ?? true;
    this.preparedNames = preparedNames ?? processPreparedNames;
    // The first listener: the error is marked before pg-pool's own listener hands it to a caller.
    this.on('error', (error) => {
      markRaisedByDatabase(error);
      // pg reports one loss twice (the socket's error, then its end): one line is enough.
      if (this.reported) return;
      this.reported = true;
      onConnectionError?.(error);
    });
  }

  // pg's connect() answers a promise or a callback; both hand back a marked error. The count of connects in
  // flight tells the pool an outage (connects hanging) from load (every connection busy).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override connect(...args: any[]): any {
    const opening = this.opening;
    if (opening) opening.count += 1;
    let counted = opening !== undefined;
    const done = (error: unknown) => {
      if (counted) opening!.count -= 1;
      counted = false;
      markRaisedByDatabase(error);
    };
    const callback: unknown = args[0];
    if (typeof callback === 'function') {
      return (super.connect as (cb: (error: Error | null, client?: unknown) => void) => void)(
        (error, client) => {
          done(error);
          (callback as (error: Error | null, client?: unknown) => void)(error, client);
        },
      );
    }
    return (super.connect as () => Promise<unknown>)().then(
      (client) => {
        done(undefined);
        return client;
      },
      (error: unknown) => {
        done(error);
        throw error;
      },
    );
  }

  // pg's query() has a dozen overloads (promise, callback, submittable); the guard wraps whichever was
  // called and hands its result back unchanged (its error marked as the database's).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const limit = this.answerLimitMs;
    const first: unknown = args[0];
    const submittable = typeof (first as { submit?: unknown } | null)?.submit === 'function';
    if (submittable) return (super.query as (...a: unknown[]) => unknown)(...args);
    args = this.namedStatements ? withPreparedName(args, this.preparedNames) : withoutPreparedName(args);
    const timer = limit > 0 ? setTimeout(() => this.giveUp(limit), limit) : undefined;
    const settled = (error?: unknown) => {
      clearTimeout(timer);
      markRaisedByDatabase(error);
      // A prepared statement this connection can no longer run (a table altered under it by another
      // version's migration, or one gone that pg believes prepared) fails on it for ever: the connection
      // goes, and the next user's fresh one prepares it again.
      if (isStalePreparedStatement(error)) this.endConnection(error);
    };
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (error: Error | null, result: unknown) => void;
      args[last] = (error: Error | null, result: unknown) => {
        settled(error);
        callback(error, result);
      };
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    // Registered before the caller's handlers, so it runs first: the caller sees the error marked.
    if (result instanceof Promise) result.then(() => settled(), settled);
    else settled();
    return result;
  }

  private giveUp(limit: number): void {
    this.endConnection(new DatabaseNoAnswerError(limit));
  }

  private endConnection(reason: Error): void {
    const stream = (this.connection as unknown as { stream?: { destroy(error?: Error): void } }).stream;
    stream?.destroy(reason);
  }
}

export type GuardedClientConfig = pg.ClientConfig & {
  answerLimitMs: number;
  /** Told once per connection when it breaks (logged by the pool's owner). */
  onConnectionError?: (error: Error) => void;
  /** The pool's count of connects in flight, kept up to date by this connection's connect(). */
  opening?: ConnectsInFlight;
  /** Statements with parameters as named prepared statements (ADR 131; default on); off behind a pooler that cannot keep them. */
  namedStatements?: boolean;
  /** Which texts have names (default: the process's; a test gives its own, untouched by other files). */
  preparedNames?: PreparedNames;
};

/** How many of a pool's connections are being opened right now. */
export interface ConnectsInFlight {
  count: number;
}

/** A statement the database did not answer in time: its connection is gone; the database may be frozen. */
export class DatabaseNoAnswerError extends Error {
  constructor(limitMs: number) {
    super(`the database did not answer within ${limitMs} ms`);
    this.name = 'DatabaseNoAnswerError';
  }
}
