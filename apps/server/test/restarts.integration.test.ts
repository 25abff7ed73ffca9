import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPostmasterLock } from '../src/db/postmaster-pid.ts';
import { isRunning, waitUntilGone } from '../src/lifecycle/processes.ts';
import { spawnServer, type ServerChild } from './server-child.ts';

/**
 * Starts and stops of the real server on the embedded database (issue 7, "Starts and restarts"; ADR 012).
 * Each test has its own data directory; every process left over is killed in afterAll.
 */
describe('server starts, restarts and shutdowns on the embedded database', () => {
  let root: string;
  const servers: ServerChild[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kippu-restarts-'));
    // When the tests run as root, PostgreSQL runs as `postgres` and must reach its directory.
    await chmod(root, 0o755);
  });

  afterAll(async () => {
    for (const server of servers) server.kill();
    for (const dir of dataDirs) {
      const lock = await readPostmasterLock(dir);
      if (lock && (await isRunning(lock.pid))) {
        process.kill(lock.pid, 'SIGQUIT');
        await waitUntilGone(lock.pid, 10_000);
      }
    }
    await rm(root, { recursive: true, force: true });
  });

  function dataDir(name: string): string {
    const dir = join(root, name);
    dataDirs.push(dir);
    return dir;
  }

  async function start(dir: string, env: Record<string, string> = {}): Promise<ServerChild> {
    const server = await spawnServer({ EMBEDDED_PG_DIR: dir, ...env });
    servers.push(server);
    return server;
  }

  async function postmasterOf(dir: string): Promise<{ pid: number; port: number }> {
    const lock = await readPostmasterLock(dir);
    if (!lock) throw new Error(`no postmaster.pid in ${dir}`);
    return lock;
  }

  /** A session on the server's own database, to hold a lock that makes a request wait. */
  async function lockLanguages(dir: string): Promise<pg.Client> {
    const { port } = await postmasterOf(dir);
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: 'postgres',
      password: 'postgres',
      database: 'kippu',
    });
    // The forced-exit test ends this session by stopping the database.
    client.on('error', () => undefined);
    await client.connect();
    await client.query('BEGIN');
    await client.query('LOCK TABLE languages IN ACCESS EXCLUSIVE MODE');
    return client;
  }

  const langs = (server: ServerChild) => fetch(`${server.baseUrl}/borderless/api/v1/langs`);

  it('after kill -9 of the server, the next start stops the PostgreSQL it left and serves', async () => {
    const dir = dataDir('killed');
    const first = await start(dir);
    await first.ready();
    const orphan = await postmasterOf(dir);

    process.kill(first.pid, 'SIGKILL');
    await first.exited;
    // The situation of the issue: the database outlives its server.
    expect(await isRunning(orphan.pid)).toBe(true);

    const second = await start(dir);
    await second.ready();
    expect((await langs(second)).status).toBe(200);
    expect(await isRunning(orphan.pid)).toBe(false);
    expect((await postmasterOf(dir)).pid).not.toBe(orphan.pid);
    expect(second.output()).not.toContain('undefined');

    process.kill(second.pid, 'SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });

  it('a second server on the same data directory says it is in use, exits 1 and leaves the first alone', async () => {
    const dir = dataDir('shared');
    const first = await start(dir);
    await first.ready();
    const postmaster = await postmasterOf(dir);

    const second = await start(dir);
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toContain(
      `Kippu could not start: the embedded database directory ${dir} is in use by another Kippu server (pid ${first.pid}).`,
    );
    expect(second.output()).toContain('What to do:');

    expect((await langs(first)).status).toBe(200);
    expect((await postmasterOf(dir)).pid).toBe(postmaster.pid);
    expect(first.hasExited()).toBe(false);
  });

  it('SIGTERM stops accepting, finishes the request in flight, then stops the database and exits 0', async () => {
    const dir = dataDir('graceful');
    const server = await start(dir);
    await server.ready();
    const postmaster = await postmasterOf(dir);
    const lock = await lockLanguages(dir);
    let answered = false;
    const inFlight = langs(server).finally(() => (answered = true));
    await sleep(300);
    // The request waits for the lock (a request answered at once, e.g. shed, would leave nothing in flight).
    expect(answered).toBe(false);

    process.kill(server.pid, 'SIGTERM');
    await sleep(700);
    expect(server.hasExited()).toBe(false);
    expect(await isRunning(postmaster.pid)).toBe(true);
    await expect(langs(server)).rejects.toThrow(); // no new connections

    await lock.query('COMMIT');
    await lock.end();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'ja' })]));

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(await isRunning(postmaster.pid)).toBe(false);
    expect(existsSync(join(dir, 'postmaster.pid'))).toBe(false);
  });

  it('a second signal during the shutdown exits at once, and the database still stops', async () => {
    const dir = dataDir('forced');
    const server = await start(dir);
    await server.ready();
    const postmaster = await postmasterOf(dir);
    const lock = await lockLanguages(dir);
    const inFlight = langs(server).catch((error: unknown) => error);
    await sleep(300);

    process.kill(server.pid, 'SIGTERM');
    await sleep(500);
    expect(server.hasExited()).toBe(false);
    process.kill(server.pid, 'SIGTERM');

    expect(await server.exited).toEqual({ code: 128 + 15, signal: null });
    expect(await waitUntilGone(postmaster.pid, 15_000)).toBe(true);
    await inFlight;
    await lock.end().catch(() => undefined);
  });

  it('Ctrl-C (SIGINT to the whole process group) leaves nothing running', async () => {
    const dir = dataDir('ctrl-c');
    const server = await start(dir);
    await server.ready();
    const postmaster = await postmasterOf(dir);

    process.kill(-server.pid, 'SIGINT');

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(await isRunning(postmaster.pid)).toBe(false);
    expect(existsSync(join(dir, 'postmaster.pid'))).toBe(false);
  });

  describe('with its HTTP port taken', () => {
    let blocker: Server;
    let port: number;
    beforeAll(async () => {
      blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      port = (blocker.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

    it('names the port and what to do, exits 1 and stops the database it had started', async () => {
      const dir = dataDir('port-taken');
      const server = await start(dir, { PORT: String(port) });

      expect((await server.exited).code).toBe(1);
      expect(server.output()).toContain(
        `Kippu could not start: port ${port} is already in use (HOST 127.0.0.1)`,
      );
      expect(server.output()).toContain('What to do:');
      expect(server.output()).not.toContain('undefined');
      // It got as far as starting PostgreSQL (the data directory exists) and stopped it again.
      expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
      expect(existsSync(join(dir, 'postmaster.pid'))).toBe(false);
    });
  });
});
