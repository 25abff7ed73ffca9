import pg from 'pg';

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
 */
export class GuardedClient extends pg.Client {
  /** No answer this long after a statement was sent ends the connection; 0: wait for ever. */
  answerLimitMs: number;
  /** What the pool set; `answerLimitMs` goes back to it when the connection returns to the pool. */
  readonly defaultAnswerLimitMs: number;
  private reported = false;

  constructor(config: GuardedClientConfig) {
    const { answerLimitMs, onConnectionError, ...pgConfig } = config;
    super(pgConfig);
    this.answerLimitMs = answerLimitMs;
    this.defaultAnswerLimitMs = answerLimitMs;
    this.on('error', (error) => {
      // pg reports one loss twice (the socket's error, then its end): one line is enough.
      if (this.reported) return;
      this.reported = true;
      onConnectionError?.(error);
    });
  }

  // pg's query() has a dozen overloads (promise, callback, submittable); the guard wraps whichever was
  // called and hands its result back unchanged.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const limit = this.answerLimitMs;
    const first: unknown = args[0];
    const submittable = typeof (first as { submit?: unknown } | null)?.submit === 'function';
    if (limit <= 0 || submittable) return (super.query as (...a: unknown[]) => unknown)(...args);
    const timer = setTimeout(() => this.giveUp(limit), limit);
    const settled = () => clearTimeout(timer);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (error: Error | null, result: unknown) => void;
      args[last] = (error: Error | null, result: unknown) => {
        settled();
        callback(error, result);
      };
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) result.then(settled, settled);
    else settled();
    return result;
  }

  private giveUp(limit: number): void {
    const stream = (this.connection as unknown as { stream?: { destroy(error?: Error): void } }).stream;
    stream?.destroy(new DatabaseNoAnswerError(limit));
  }
}

export type GuardedClientConfig = pg.ClientConfig & {
  answerLimitMs: number;
  /** Told once per connection when it breaks (logged by the pool's owner). */
  onConnectionError?: (error: Error) => void;
};

/** A statement the database did not answer in time: its connection is gone; the database may be frozen. */
export class DatabaseNoAnswerError extends Error {
  constructor(limitMs: number) {
    super(`the database did not answer within ${limitMs} ms`);
    this.name = 'DatabaseNoAnswerError';
  }
}
