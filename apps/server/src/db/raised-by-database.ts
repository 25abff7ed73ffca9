/**
 * Which errors the database path raised (ADR 046). Only these may mean "the database is away, try again"
 * (503 temporarily unavailable): a bare ECONNREFUSED or ETIMEDOUT from a payment gateway's fetch or an SMTP
 * server is that upstream's failure, not the database's, and a retried payment or mail call is no harmless
 * repeat. The pool's connections (GuardedClient) and the pool (GuardedPool) mark what they hand back, where
 * it is raised; drizzle then wraps it (`cause`), and the wrapper is recognised through it.
 */
const raised = new WeakSet<object>();

/** Marks `error` as raised by pg, the pool or the database; hands it back. */
export function markRaisedByDatabase<T>(error: T): T {
  if (typeof error === 'object' && error !== null) raised.add(error);
  return error;
}

export function wasRaisedByDatabase(error: object): boolean {
  return raised.has(error);
}

/**
 * Every pooled connection was busy for the whole connect limit: the pool's wait for a free one timed out
 * while no connection was being opened. That is load, not an outage (ADR 034, 046): the request answers
 * `503 server busy` like the overload guard's refusal, and no "database unavailable" warning is logged.
 */
export class DatabaseBusyError extends Error {
  constructor(waitedMs: number, options?: ErrorOptions) {
    super(`no free database connection within ${waitedMs} ms: every connection of the pool is busy`, options);
    this.name = 'DatabaseBusyError';
  }
}
