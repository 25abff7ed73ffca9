import { execFile } from 'node:child_process';
import { access, appendFile, chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * The machine's PostgreSQL binaries (initdb, pg_ctl, pg_basebackup): the embedded package has no
 * pg_basebackup. PG_BIN_DIR names another directory.
 */
export const PG_BIN_DIR = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/** Why the replica test cannot run here, or undefined when it can (CI treats a reason as a failure). */
export async function replicaClusterMissing(): Promise<string | undefined> {
  for (const binary of ['initdb', 'pg_ctl', 'pg_basebackup']) {
    try {
      await access(join(PG_BIN_DIR, binary));
    } catch {
      return `${join(PG_BIN_DIR, binary)} not found (set PG_BIN_DIR)`;
    }
  }
  if (isRoot()) {
    try {
      await run('id', ['postgres']);
    } catch {
      return 'running as root without a postgres user to run PostgreSQL as';
    }
  }
  return undefined;
}

export interface ReplicaCluster {
  primaryUrl(database?: string): string;
  standbyUrl(database?: string): string;
  /** Stops replaying WAL on the standby (it still answers reads, more and more behind). */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  stopStandby(): Promise<void>;
  startStandby(): Promise<void>;
  /** Waits until the standby has replayed everything the primary has written so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  destroy(): Promise<void>;
}

const isRoot = () => userInfo().uid === 0;

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
async function pgRun(binary: string, args: string[]): Promise<string> {
  const path = join(PG_BIN_DIR, binary);
  const { stdout } = isRoot()
    ? await run('runuser', ['-u', 'postgres', '--', path, ...args])
    : await run(path, args);
  return stdout;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A test primary and a streaming standby made from it with `pg_basebackup -R`, each on its own port, in a
 * temp directory: small and unsafe on purpose (fsync off, small buffers), so it starts in seconds.
 */
export async function startReplicaCluster(): Promise<ReplicaCluster> {
  const root = await mkdtemp(join(tmpdir(), 'kippu-replica-'));
  if (isRoot()) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(root, Number(stdout.trim()), Number(gid.trim()));
  }
  await chmod(root, 0o755);
  const primaryDir = join(root, 'primary');
  const standbyDir = join(root, 'standby');
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const started: string[] = [];

  const startServer = async (dir: string) => {
    await pgRun('pg_ctl', [
      '-D',
      dir,
      '-l',
      join(root, `${dir === primaryDir ? 'primary' : 'standby'}.log`),
      '-w',
      '-t',
      '60',
      'start',
    ]);
    if (!started.includes(dir)) started.push(dir);
  };
  const stopServer = async (dir: string) => {
    await pgRun('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
  };

  try {
    await pgRun('initdb', [
      '-D',
      primaryDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    await appendFile(
      join(primaryDir, 'postgresql.conf'),
      [
        `port = ${primaryPort}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${root}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        'hot_standby = on',
        'fsync = off',
        'full_page_writes = off',
        'shared_buffers = 16MB',
        'max_connections = 60',
        // The standby's reads must not be cancelled by the primary's cleanup while the test pauses replay.
        'hot_standby_feedback = on',
        'max_standby_streaming_delay = -1',
        '',
      ].join('\n'),
    );
    await appendFile(join(primaryDir, 'pg_hba.conf'), 'host replication postgres 127.0.0.1/32 trust\n');
    await startServer(primaryDir);
    await pgRun('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      standbyDir,
      '-R',
      '-X',
      'stream',
      '--no-sync',
    ]);
    await appendFile(join(standbyDir, 'postgresql.conf'), `port = ${standbyPort}\n`);
    await startServer(standbyDir);
  } catch (error) {
    for (const dir of started.reverse()) await stopServer(dir).catch(() => undefined);
    await rm(root, { recursive: true, force: true });
    throw error;
  }

  const url = (port: number, database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const cluster: ReplicaCluster = {
    primaryUrl: (database) => url(primaryPort, database),
    standbyUrl: (database) => url(standbyPort, database),
    pauseReplay: async () => void (await query(url(standbyPort), 'SELECT pg_wal_replay_pause()')),
    resumeReplay: async () => void (await query(url(standbyPort), 'SELECT pg_wal_replay_resume()')),
    stopStandby: () => stopServer(standbyDir),
    startStandby: () => startServer(standbyDir),
    async caughtUp(timeoutMs = 20_000) {
      const [position] = await query<{ lsn: string }>(
        url(primaryPort),
        'SELECT pg_current_wal_lsn()::text AS lsn',
      );
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [replayed] = await query<{ behind: boolean }>(
          url(standbyPort),
          `SELECT pg_last_wal_replay_lsn() < '${position!.lsn}'::pg_lsn AS behind`,
        );
        if (!replayed!.behind) return;
        if (Date.now() > deadline) throw new Error(`the standby has not replayed ${position!.lsn} in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async destroy() {
      for (const dir of [standbyDir, primaryDir]) await stopServer(dir).catch(() => undefined);
      await rm(root, { recursive: true, force: true });
    },
  };
  return cluster;
}
