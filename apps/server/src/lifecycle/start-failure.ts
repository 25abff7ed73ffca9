import { inspect } from 'node:util';

/** A start that cannot go on, with what the operator should do about it. */
export class StartFailure extends Error {
  constructor(
    readonly problem: string,
    readonly remedy: string,
    options?: ErrorOptions,
  ) {
    super(`${problem} ${remedy}`, options);
    this.name = 'StartFailure';
  }
}

/** The command that removes the demo rows (cli/remove-demo-data.ts, ADR 048). */
export const REMOVE_DEMO_DATA_COMMAND = 'npm run remove-demo-data';

/**
 * A production start with demo rows that still open something with a value published in the repository
 * (the demo gate key, documented coupon codes, the demo member's password): anyone who read the README
 * could use them (issue 24). Grouped by kind, a few examples each.
 */
export function repositoryDemoSecretsFailure(
  found: readonly { table: string; id?: number; site: string; what: string; demo?: boolean }[],
): StartFailure {
  const kinds = [
    ['gate_keys', 'gate key(s) with the public demo key'],
    ['coupons', 'coupon(s) with documented demo codes'],
    ['members', "member(s) with the README's demo password"],
  ] as const;
  const groups = kinds.flatMap(([table, label]) => {
    const rows = found.filter((row) => row.table === table);
    if (rows.length === 0) return [];
    const examples = rows.slice(0, 3).map((row) => `${row.site} ${row.what}`);
    return [`${rows.length} ${label} (${examples.join(', ')}${rows.length > 3 ? ', ...' : ''})`];
  });
  // A gate key not marked demo carries the public key all the same; the removal leaves it alone (ADR 048).
  const handMade = found.filter((row) => row.table === 'gate_keys' && row.demo === false);
  const revoke =
    handMade.length === 0
      ? ''
      : ` Gate keys not marked demo are not touched by it: revoke them with \`npm run gate-key -- revoke <id>\` (${handMade.map((row) => row.id).join(', ')}) and make new ones with \`npm run gate-key -- create\`.`;
  return new StartFailure(
    `NODE_ENV=production, and demo rows still carry the repository's public demo secrets: ${groups.join('; ')}.`,
    `Remove the demo data: \`${REMOVE_DEMO_DATA_COMMAND} -- --dry-run\` lists what it would do, \`${REMOVE_DEMO_DATA_COMMAND}\` does it (with the same DATABASE_URL or EMBEDDED_PG_DIR). For a public demo, then start with SEED_DEMO_DATA=true: production seeds fresh codes and keys.${revoke}`,
  );
}

/** What the server was starting with, to name the port, host or database in the message. */
export interface StartContext {
  port?: number;
  host?: string;
  databaseUrl?: string;
  dataDir?: string;
}

interface ErrorDetails extends Error {
  code?: string;
  syscall?: string;
  port?: number;
  address?: string;
  hostname?: string;
}

/** The error and its causes, outermost first (a migration wraps the database's error). */
function causeChain(error: unknown): ErrorDetails[] {
  const chain: ErrorDetails[] = [];
  for (let current = error; current instanceof Error && chain.length < 10; current = current.cause) {
    chain.push(current as ErrorDetails);
  }
  return chain;
}

/** The database's address without its password. */
function describeDatabase(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

function listenFailure(error: ErrorDetails, context: StartContext): StartFailure | undefined {
  const port = error.port ?? context.port;
  const host = error.address ?? context.host;
  switch (error.code) {
    case 'EADDRINUSE':
      return new StartFailure(
        `port ${port} is already in use (HOST ${host}): another program, or another Kippu server, listens on it.`,
        `Stop that program (\`ss -ltnp 'sport = :${port}'\` or \`lsof -i :${port}\` names it), or start on a free port: PORT=<port> npm start.`,
      );
    case 'EACCES':
      return new StartFailure(
        `this user may not listen on port ${port} (ports below 1024 need privileges).`,
        'Use a PORT of 1024 or above and put a reverse proxy in front for port 80/443.',
      );
    case 'EADDRNOTAVAIL':
      return new StartFailure(
        `HOST ${host} is not an address of this machine.`,
        'Set HOST to 0.0.0.0 (all interfaces), 127.0.0.1 (this machine only) or one of its addresses.',
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartFailure(
        `HOST ${context.host} cannot be resolved to an address.`,
        'Set HOST to 0.0.0.0 (all interfaces), 127.0.0.1 (this machine only) or one of its addresses.',
      );
    default:
      return undefined;
  }
}

function databaseFailure(error: ErrorDetails, context: StartContext): StartFailure | undefined {
  if (!context.databaseUrl) return undefined;
  const where = describeDatabase(context.databaseUrl);
  switch (error.code) {
    case 'ECONNREFUSED':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return new StartFailure(
        `the database at ${where} does not answer (${error.code}).`,
        'Start that PostgreSQL server or correct DATABASE_URL (unset it to use the embedded database).',
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartFailure(
        `the database host in DATABASE_URL (${where}) cannot be resolved.`,
        'Correct the host name in DATABASE_URL.',
      );
    case '28P01':
    case '28000':
      return new StartFailure(
        `the database at ${where} refused the user or password in DATABASE_URL.`,
        'Correct the user and password in DATABASE_URL.',
      );
    case '3D000':
      return new StartFailure(
        `the database named in DATABASE_URL (${where}) does not exist.`,
        'Create it (`createdb <name>`) or correct the name in DATABASE_URL; Kippu creates the tables itself.',
      );
    default:
      return undefined;
  }
}

function diskFull(error: ErrorDetails, context: StartContext): StartFailure | undefined {
  // ENOSPC from Node's file system calls, 53100 (disk_full) from PostgreSQL.
  if (error.code !== 'ENOSPC' && error.code !== '53100') return undefined;
  const where = context.databaseUrl ? 'the database server' : (context.dataDir ?? 'the data directory');
  return new StartFailure(
    `the disk is full (${error.message}).`,
    `Free some space on the disk holding ${where} and start again.`,
  );
}

/** Listening failed, or looking up HOST for it did (a database host that does not resolve is another case). */
function isListenError(error: ErrorDetails, context: StartContext): boolean {
  return error.syscall === 'listen' || (error.hostname !== undefined && error.hostname === context.host);
}

function classify(error: unknown, context: StartContext): StartFailure | undefined {
  const chain = causeChain(error);
  const known = chain.find((link): link is StartFailure => link instanceof StartFailure);
  if (known) return known;
  const outer = chain[0];
  if (outer?.message.startsWith('Invalid configuration:')) {
    return new StartFailure(
      outer.message,
      'Correct the variables named above (README, "Configuration") and start again.',
    );
  }
  for (const link of chain) {
    const failure =
      diskFull(link, context) ??
      (isListenError(link, context) ? listenFailure(link, context) : databaseFailure(link, context));
    if (failure) return failure;
  }
  return undefined;
}

/**
 * The lines to print when the server cannot start: what went wrong and what to do about it. Never a bare
 * `undefined`: an error without a message, or a rejection with a non-error, is still described.
 */
export function describeStartFailure(error: unknown, context: StartContext = {}): string {
  const failure = classify(error, context);
  if (failure) return `Kippu could not start: ${failure.problem}\nWhat to do: ${failure.remedy}`;
  const chain = causeChain(error);
  if (chain.length === 0) {
    const value = error === undefined ? 'no details were given' : inspect(error, { depth: 3 });
    return `Kippu could not start: an unexpected failure (${value}).\nWhat to do: please report it with the lines above.`;
  }
  const because = chain.map((link) => link.message || link.code || link.name).join('\n  because: ');
  const stack = chain[0]!.stack?.split('\n').slice(1).join('\n') ?? '';
  return `Kippu could not start: ${because}\nWhat to do: this was not expected; please report it with these lines.\n${stack}`;
}
