import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRunning, waitUntilGone } from '../lifecycle/processes.ts';
import { StartFailure } from '../lifecycle/start-failure.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('SELECT 1 AS one')).rows[0]?.one === 1;
  } finally {
    await client.end();
  }
}

describe('startEmbeddedPostgres', () => {
  let root: string;
  const started: EmbeddedDatabase[] = [];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kippu-embedded-'));
    // When the tests run as root, PostgreSQL runs as `postgres` and must reach its directory.
    await chmod(root, 0o755);
  });
  afterAll(async () => {
    for (const database of started) await database.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('three starts at once on one fresh directory: one runs it, the others are told it is in use', async () => {
    const dir = join(root, 'contended');
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => startEmbeddedPostgres(dir, { persistent: true })),
    );
    const winners = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    started.push(...winners);

    expect(winners).toHaveLength(1);
    expect(await answers(winners[0]!.url)).toBe(true);
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      expect(result.reason).toBeInstanceOf(StartFailure);
      expect((result.reason as StartFailure).problem).toBe(
        `the embedded database directory ${dir} is in use by another Kippu server (pid ${process.pid}).`,
      );
    }
  });

  it('a fixed port that another program holds is named in the failure', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const start = startEmbeddedPostgres(join(root, 'port'), { persistent: false, port });
      await expect(start).rejects.toThrow(StartFailure);
      await expect(start).rejects.toThrow(`port ${port} for the embedded PostgreSQL is already in use.`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('a directory holding other files is refused, and left as it was', async () => {
    const dir = join(root, 'not-a-data-dir');
    await mkdir(dir);
    await writeFile(join(dir, 'notes.txt'), 'mine');
    await expect(startEmbeddedPostgres(dir, { persistent: true })).rejects.toThrow(
      `EMBEDDED_PG_DIR (${dir}) holds files but no PostgreSQL data directory.`,
    );
    expect(await readdir(dir)).toEqual(['notes.txt']);
    expect(await readdir(root)).not.toContainEqual(expect.stringContaining('.initdb-'));
  });

  it('tells its owner when PostgreSQL stops without being asked, and stop() still resolves', async () => {
    let reason: string | undefined;
    const database = await startEmbeddedPostgres(join(root, 'crash'), {
      persistent: false,
      onUnexpectedExit: (why) => (reason = why),
    });
    process.kill(database.pid, 'SIGQUIT');
    expect(await waitUntilGone(database.pid, 15_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reason).toMatch(/^the embedded PostgreSQL stopped unexpectedly \(exit code \d+\); see /);
    await database.stop();
    expect(await isRunning(database.pid)).toBe(false);
  });
});
