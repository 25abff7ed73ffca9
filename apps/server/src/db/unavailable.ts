import { DatabaseNoAnswerError } from './guarded-client.ts';
import { isStalePreparedStatement } from './prepared-statements.ts';
import { DatabaseBusyError, wasRaisedByDatabase } from './raised-by-database.ts';

/** Seconds a client is asked to wait (Retry-After) when the database cannot be reached (ADR 046). */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * SQLSTATEs that say the database, not the statement, is at fault (ADR 046): connection exceptions (class
 * 08), the server shutting down or the session terminated (57P01 admin shutdown / pg_terminate_backend,
 * 57P02 crash shutdown, 57P03 cannot connect now: starting or in recovery), a statement cancelled by the
 * statement timeout (57014; slow or blocked by a lock, never something the visitor typed: input is
 * validated before any statement), a transaction ended by the idle-in-transaction timeout (25P03), too
 * many connections (53300).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '25P03', '53300']);

/** Node's socket errors on the way to the database (only counted when the database path raised them). */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * pg and pg-pool raise these as plain Errors, without a code: the socket closed under a query, the
 * pool's wait for a connection or the connect itself timed out, a query on a connection already broken.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Query read timeout$/,
];

function isUnavailableError(error: object): boolean {
  // A prepared statement its connection can no longer run (a table altered under it, or one gone): that
  // connection has been ended (guarded-client.ts), so the call succeeds when tried again (ADR 131).
  if (isStalePreparedStatement(error)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return true;
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/** `error` and what it wraps (`cause`, an AggregateError's `errors`, as drizzle and Node wrap them). */
function someInChain(
  error: unknown,
  test: (error: object, raisedByDatabase: boolean) => boolean,
  raisedByDatabase = false,
  depth = 0,
): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  // What a database error wraps (Node's socket error under pg's) is the database's too.
  const ours = raisedByDatabase || wasRaisedByDatabase(error);
  if (test(error, ours)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (someInChain(cause, test, ours, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => someInChain(inner, test, ours, depth + 1));
}

/**
 * Whether `error` says the database could not be reached or did not answer in time: the call may succeed
 * when retried. Only errors the database path raised count (marked by GuardedClient and GuardedPool,
 * raised-by-database.ts): the same ECONNREFUSED from a gateway or an SMTP server is not the database's.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someInChain(
    error,
    (inner, ours) => inner instanceof DatabaseNoAnswerError || (ours && isUnavailableError(inner)),
  );
}

/**
 * Whether `error` is (or wraps) a prepared statement its connection can no longer run (prepared-statements.ts):
 * that connection has been ended, the database itself is fine.
 */
export function hasStalePreparedStatement(error: unknown): boolean {
  return someInChain(error, isStalePreparedStatement);
}

/**
 * Whether `error` is the pool's wait for a free connection timing out while every connection was busy:
 * overload, answered `503 server busy` (guarded-pool.ts).
 */
export function isDatabaseBusy(error: unknown): boolean {
  return someInChain(error, (inner) => inner instanceof DatabaseBusyError);
}
