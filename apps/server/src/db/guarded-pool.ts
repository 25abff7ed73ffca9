import pg from 'pg';
import type { ConnectsInFlight } from './guarded-client.ts';
import { DatabaseBusyError, markRaisedByDatabase } from './raised-by-database.ts';

/** pg-pool's answer when the wait for a connection outlasts `connectionTimeoutMillis`. */
const POOL_WAIT_TIMED_OUT = /^timeout exceeded when trying to connect$/;

/**
 * The server's pool (ADR 046): pg.Pool whose `connect` (drizzle's transactions, `pool.query`, the hold
 * batcher all go through it) marks every error it hands back as the database's, and tells load from an
 * outage when the wait for a connection times out. pg-pool raises the same "timeout exceeded" for both:
 *
 * - no connection was being opened when the wait ran out: every connection was checked out and working,
 *   so the pool was full of busy connections. That is overload (ADR 034): `DatabaseBusyError`, answered
 *   `503 server busy` like the overload guard's refusal.
 * - a connect was still in flight: the waiters queue behind connects the database does not answer (a
 *   frozen or unreachable server). That stays "temporarily unavailable".
 */
export class GuardedPool extends pg.Pool {
  /** Connects in flight, counted by the pool's GuardedClients (passed to them in their config). */
  readonly opening: ConnectsInFlight = { count: 0 };

  // pg-pool's connect() answers a promise or a callback (pool.query uses the callback).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override connect(callback?: (error: Error | undefined, client: any, done: any) => void): any {
    if (callback) {
      return super.connect((error, client, done) =>
        callback(error ? this.classify(error) : error, client, done),
      );
    }
    return super.connect().catch((error: unknown) => {
      throw this.classify(error);
    });
  }

  private classify(error: Error): Error;
  private classify(error: unknown): unknown;
  private classify(error: unknown): unknown {
    const waitTimedOut = error instanceof Error && POOL_WAIT_TIMED_OUT.test(error.message);
    if (waitTimedOut && this.opening.count === 0) {
      return new DatabaseBusyError(this.options.connectionTimeoutMillis ?? 0, { cause: error });
    }
    return markRaisedByDatabase(error);
  }
}
