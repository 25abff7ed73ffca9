import { createHash } from 'node:crypto';

/**
 * Server-side prepared statements for every parameterised statement (ADR 131). Without a name, pg sends
 * each statement unnamed and PostgreSQL parses, analyses and plans it afresh on every call: measured on the
 * on-sale benchmark, planning alone was 43 % of the statements' time in the database (7.1 s of 16.7 s),
 * more than the execution of most of them. With a name, a connection parses a statement once and PostgreSQL
 * may keep its plan (its plan cache decides, per statement, between a generic plan and fresh custom ones).
 *
 * The name is a hash of the text, so one text has one name in every process and on every connection, and
 * two texts never share one. Only statements with parameters are named: those are the code's fixed SQL
 * (a statement without parameters may be a migration's many statements, which only the simple protocol
 * runs). A text is named from its second call: one-off statements (a start-up step, a rare report) are not
 * kept in every backend. Each name costs a backend that runs it about 30 kB (measured: 569 of the test
 * suite's statements prepared in one session, 16 MB), so the names a process gives are bounded: a text built
 * with a varying number of parameters (an IN list of any length) must not grow that without end. Past the
 * bound a new text runs unnamed, as before. (Rails keeps up to 1,000 per connection; ours also end after an
 * hour, db/client.ts.)
 */
export const MAX_PREPARED_STATEMENTS = 500;
/** Texts seen once, waiting for a second call; forgotten all at once when this many. */
const MAX_SIGHTINGS = 5000;

const names = new Map<string, string>();
const sightings = new Set<string>();

/**
 * The statement's name for `text`: undefined on its first call, and for a new text once the bound is
 * reached.
 */
export function preparedName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_PREPARED_STATEMENTS) return known;
  if (!sightings.has(text)) {
    if (sightings.size >= MAX_SIGHTINGS) sightings.clear();
    sightings.add(text);
    return undefined;
  }
  sightings.delete(text);
  const name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
  names.set(text, name);
  return name;
}

interface QueryConfigLike {
  text?: unknown;
  values?: unknown;
  name?: unknown;
  [key: string]: unknown;
}

/**
 * pg's `query(...)` arguments with a name added when the statement has parameters and none was given:
 * `(text, values, callback?)` or `(config, values?, callback?)`. Anything else comes back unchanged.
 */
export function withPreparedName(args: unknown[]): unknown[] {
  const [first, second] = args;
  if (typeof first === 'string') {
    if (!Array.isArray(second) || second.length === 0) return args;
    const name = preparedName(first);
    return name === undefined ? args : [{ text: first, values: second, name }, ...args.slice(2)];
  }
  if (typeof first !== 'object' || first === null) return args;
  const config = first as QueryConfigLike;
  if (typeof config.text !== 'string' || config.name !== undefined) return args;
  const values = Array.isArray(second) ? second : config.values;
  if (!Array.isArray(values) || values.length === 0) return args;
  const name = preparedName(config.text);
  return name === undefined ? args : [{ ...config, name }, ...args.slice(1)];
}

/**
 * PostgreSQL's answer when a prepared statement's result columns changed since it was prepared (a table
 * altered under `SELECT *` or `RETURNING *`): the statement fails on that connection until it is prepared
 * again, so the connection is ended (guarded-client.ts).
 */
export function isStalePreparedStatement(error: unknown): error is Error {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === '0A000' &&
    error.message.includes('cached plan must not change result type')
  );
}
