import { createHash } from 'node:crypto';

/**
 * Server-side prepared statements for parameterised statements (ADR 131). Without a name, pg sends each
 * statement unnamed and PostgreSQL parses, analyses and plans it afresh on every call: measured on the
 * on-sale benchmark, planning alone was 43 % of the statements' time in the database (7.1 s of 16.7 s).
 * With a name, a connection parses a statement once, and PostgreSQL's plan cache decides, per statement,
 * between a generic plan kept for later calls and a fresh custom plan each time.
 *
 * The name is a hash of the text, so one text has one name in every process and on every connection, and
 * two texts never share one. Only statements with parameters are named: those are the code's fixed SQL
 * (a statement without parameters may be a migration's many statements, which only the simple protocol
 * runs). Not named: a text on its first call in the process (one-off statements, a start-up step or a rare
 * report, are not kept in every backend), a text with more than `MAX_PARAMETERS` parameters (a long IN list
 * or a many-row insert, whose text changes with its length), and any new text once the process has named
 * `limit` of them. Each name costs a backend that runs it about 30 kB (measured: 569 of the test suite's
 * statements prepared in one session took 16 MB), so the bound keeps a backend under ~15 MB of them.
 */
export class PreparedNames {
  private readonly names = new Map<string, string>();
  private readonly sightings = new Set<string>();

  constructor(
    readonly limit = 500,
    private readonly maxSightings = 5000,
  ) {}

  /** The statement's name for `text`: undefined on its first call, and for a new text past the bound. */
  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.limit) return known;
    if (!this.sightings.has(text)) {
      // Texts seen once are forgotten all at once past the bound: they only wait for a second call.
      if (this.sightings.size >= this.maxSightings) this.sightings.clear();
      this.sightings.add(text);
      return undefined;
    }
    this.sightings.delete(text);
    const name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    this.names.set(text, name);
    return name;
  }
}

/** More parameters than this: a text whose length varies with its data, not worth a prepared statement. */
export const MAX_PARAMETERS = 32;

/** The names of this process: every pool's connections share them (a text has one name anyway). */
export const processPreparedNames = new PreparedNames();

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
export function withPreparedName(args: unknown[], names = processPreparedNames): unknown[] {
  const [first, second] = args;
  if (typeof first === 'string') {
    if (!Array.isArray(second) || second.length === 0 || second.length > MAX_PARAMETERS) return args;
    const name = names.nameOf(first);
    return name === undefined ? args : [{ text: first, values: second, name }, ...args.slice(2)];
  }
  if (typeof first !== 'object' || first === null) return args;
  const config = first as QueryConfigLike;
  if (typeof config.text !== 'string' || config.name !== undefined) return args;
  const values = Array.isArray(second) ? second : config.values;
  if (!Array.isArray(values) || values.length === 0 || values.length > MAX_PARAMETERS) return args;
  const name = names.nameOf(config.text);
  return name === undefined ? args : [{ ...config, name }, ...args.slice(1)];
}

/**
 * pg's `query(...)` arguments with no statement name, for `DATABASE_PREPARED_STATEMENTS=off`: the few
 * statements the code names itself (the catalogue's reads, the waiting room's join, the rate-limit batch)
 * run unnamed too, so a pooler that cannot keep prepared statements never sees one.
 */
export function withoutPreparedName(args: unknown[]): unknown[] {
  const [first] = args;
  if (typeof first !== 'object' || first === null) return args;
  const config = first as QueryConfigLike;
  if (typeof config.text !== 'string' || config.name === undefined) return args;
  return [{ ...config, name: undefined }, ...args.slice(1)];
}

/**
 * PostgreSQL's answers when a connection's prepared statement no longer fits: its result columns changed
 * since it was prepared (`0A000` from RevalidateCachedQuery: a table altered under `SELECT *` or
 * `RETURNING *`), or it is gone although pg believes it prepared (`26000`: pg closes a named statement when
 * binding its values throws). Either fails that statement on that connection for good, so the connection is
 * ended (guarded-client.ts) and the call counts as one to try again (unavailable.ts).
 */
export function isStalePreparedStatement(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  const { code, routine } = error as { code?: unknown; routine?: unknown };
  if (code === '26000') return true;
  // By the routine as well as the text: a server whose messages are not in English words them otherwise.
  return (
    code === '0A000' &&
    (routine === 'RevalidateCachedQuery' || error.message.includes('cached plan must not change result type'))
  );
}
