import { describe, expect, it } from 'vitest';
import { DatabaseNoAnswerError } from './guarded-client.ts';
import { DatabaseBusyError, markRaisedByDatabase } from './raised-by-database.ts';
import { isDatabaseBusy, isDatabaseUnavailable } from './unavailable.ts';

/** pg's DatabaseError carries the SQLSTATE in `code`; GuardedClient marks what the database path raised. */
const sqlState = (code: string, message = 'from the server') =>
  markRaisedByDatabase(Object.assign(new Error(message), { code }));
const fromDatabase = (error: Error) => markRaisedByDatabase(error);
const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('isDatabaseUnavailable (ADR 046)', () => {
  it.each([
    ['08006 connection failure', sqlState('08006')],
    ['08001 unable to connect', sqlState('08001')],
    ['57P01 terminated by pg_terminate_backend', sqlState('57P01')],
    ['57P02 crash shutdown', sqlState('57P02')],
    ['57P03 starting up', sqlState('57P03')],
    ['57014 statement timeout', sqlState('57014')],
    ['25P03 idle-in-transaction timeout', sqlState('25P03')],
    ['53300 too many connections', sqlState('53300')],
    ['ECONNREFUSED on connect', fromDatabase(refused())],
    ['pg: socket closed under a query', fromDatabase(new Error('Connection terminated unexpectedly'))],
    ['pg: connect timeout', fromDatabase(new Error('Connection terminated due to connection timeout'))],
    [
      'pg-pool: the wait timed out behind a connect in flight',
      fromDatabase(new Error('timeout exceeded when trying to connect')),
    ],
    [
      'pg: a broken connection',
      fromDatabase(new Error('Client has encountered a connection error and is not queryable')),
    ],
    ['the answer limit', new DatabaseNoAnswerError(1000)],
    ['wrapped in cause (drizzle)', new Error('Failed query: select 1', { cause: sqlState('57P01') })],
    [
      'an AggregateError (Node tries every address) the connect handed back',
      fromDatabase(new AggregateError([refused()])),
    ],
  ])('%s: the database is away, try again', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['23505 unique violation', sqlState('23505')],
    ['23514 check violation (held + sold <= capacity)', sqlState('23514')],
    ['22P02 invalid text representation (bad input reaching SQL)', sqlState('22P02')],
    ['40P01 deadlock', sqlState('40P01')],
    ['42P01 undefined table (a bug)', sqlState('42P01')],
    ['a plain error', new Error('something else')],
    ['a message that only mentions a connection', new Error('Connection pool exhausted by a bug')],
    ['not an error', 'Connection terminated'],
    ['nothing', undefined],
    // Another upstream's failure (finding 5): the same errno or message, not raised by the database path.
    [
      'a gateway fetch refused (fetch failed, cause ECONNREFUSED)',
      new TypeError('fetch failed', { cause: refused() }),
    ],
    ['an SMTP server refusing', refused()],
    ['an SMTP timeout', Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })],
    ['a socket reset elsewhere', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
    ['an unmarked "Connection terminated"', new Error('Connection terminated unexpectedly')],
    ['an AggregateError of refusals not from the database', new AggregateError([refused()])],
    [
      'every pooled connection busy (load, not an outage)',
      new DatabaseBusyError(1000, { cause: new Error('x') }),
    ],
  ])('%s: not an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('every pooled connection busy is load: server busy, however wrapped', () => {
    const busy = new DatabaseBusyError(1000);
    expect(isDatabaseBusy(busy)).toBe(true);
    expect(isDatabaseBusy(new Error('Failed query: select 1', { cause: busy }))).toBe(true);
    expect(isDatabaseBusy(fromDatabase(new Error('timeout exceeded when trying to connect')))).toBe(false);
    expect(isDatabaseBusy(sqlState('57P01'))).toBe(false);
  });

  it('stops on a cycle of causes', () => {
    const error = new Error('loop') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
