import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { ERRORS } from '@kippu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { spawnServer, type ServerChild } from './server-child.ts';
import { startTcpRelay, type TcpRelay } from './tcp-relay.ts';

const run = promisify(execFile);

/** Short limits, so the test takes seconds (ADR 046); production defaults are 10 s / 15 s / 60 s. */
const CONNECT_MS = 1000;
const STATEMENT_MS = 1000;
/**
 * A call must be answered within this, or it hangs: the longest path is a statement on a pooled
 * connection (statement limit + 1 s grace) and then its ROLLBACK on the broken connection (immediate),
 * or a new connection (connect limit); a generous margin for a shared machine.
 */
const ANSWER_BOUND_MS = 10_000;

/**
 * A database that stops, or freezes (SIGSTOP), under a running server (issue 24, item 5): calls answer
 * 503 temporarily unavailable with Retry-After instead of 500 or hanging, and the same process serves
 * again once the database is back.
 */
describe('a database outage under a running server process', () => {
  let root: string;
  let dataDir: string;
  let database: EmbeddedDatabase;
  // The server reaches the database through a relay whose port stays ours for the whole test: the restarted
  // database takes any free port, so no other program can take the server's database port in between.
  let relay: TcpRelay;
  let server: ServerChild;
  let frozen: number[] = [];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kippu-outage-'));
    // When the tests run as root, PostgreSQL runs as `postgres` and must reach its directory.
    await chmod(root, 0o755);
    dataDir = join(root, 'pg');
    database = await startEmbeddedPostgres(dataDir, { persistent: true });
    relay = await startTcpRelay(portOf(database));
    const relayed = new URL(database.url);
    relayed.port = String(relay.port);
    server = await spawnServer({
      DATABASE_URL: relayed.toString(),
      DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_MS),
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS),
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '2000',
      // The background workers keep running into the outage too; they must not take the process down.
      SWEEP_INTERVAL_MS: '200',
      MAIL_WORKER_INTERVAL_MS: '200',
    });
    await server.ready();
  }, 120_000);

  afterAll(async () => {
    for (const pid of frozen) signal(pid, 'SIGCONT');
    server?.kill();
    await relay?.close();
    await database?.stop();
    await rm(root, { recursive: true, force: true });
  });

  function portOf(db: EmbeddedDatabase): number {
    return Number(new URL(db.url).port);
  }

  function signal(pid: number, name: NodeJS.Signals): void {
    try {
      process.kill(pid, name);
    } catch {
      // gone
    }
  }

  /** A call that reads the database every time (no answer cache). */
  const langs = () =>
    fetch(`${server.baseUrl}/borderless/api/v1/langs`, { signal: AbortSignal.timeout(ANSWER_BOUND_MS) });

  async function expectUnavailable(): Promise<void> {
    const response = await langs();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ error: ERRORS.temporarily_unavailable.message });
  }

  async function expectServingAgain(): Promise<void> {
    const deadline = Date.now() + 30_000;
    let last = 0;
    while (Date.now() < deadline) {
      last = (await langs()).status;
      if (last === 200) break;
      await sleep(200);
    }
    expect(last).toBe(200);
    expect(server.hasExited()).toBe(false);
  }

  it('a stopped database: 503 with Retry-After at once, then served again without a restart', async () => {
    expect((await langs()).status).toBe(200);
    // Not the old port while it is stopped: another program may take it.
    relay.target = undefined;
    await database.stop();
    for (let call = 0; call < 3; call++) await expectUnavailable();
    await Promise.all(Array.from({ length: 5 }, () => expectUnavailable()));
    expect(server.hasExited()).toBe(false);

    // On whatever port is free now (the relay's stays the server's).
    database = await startEmbeddedPostgres(dataDir, { persistent: true });
    relay.target = portOf(database);
    await expectServingAgain();
  }, 90_000);

  it('a frozen database (SIGSTOP): 503 within the limits rather than a hang, then served again on SIGCONT', async () => {
    expect((await langs()).status).toBe(200);
    // The postmaster first, then its backends as they are once it is stopped: listed before, a backend
    // forked in between (the pool and the job runner open connections all the time) would serve on.
    signal(database.pid, 'SIGSTOP');
    frozen = [database.pid];
    const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(database.pid)]);
    const backends = stdout
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
    frozen.push(...backends);
    for (const pid of backends) signal(pid, 'SIGSTOP');

    // Pooled connections to frozen backends (the answer limit) and new connections (the connect limit).
    for (let call = 0; call < 3; call++) await expectUnavailable();
    await Promise.all(Array.from({ length: 5 }, () => expectUnavailable()));
    expect(server.hasExited()).toBe(false);

    for (const pid of frozen) signal(pid, 'SIGCONT');
    frozen = [];
    await expectServingAgain();
  }, 90_000);
});
