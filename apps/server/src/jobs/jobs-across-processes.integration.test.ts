import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/helper.ts';
import { enqueueJob } from './enqueue-job.ts';
import { takeInstanceLock, type InstanceLock } from './instance-lock.ts';

const ctx = setupTestApp();
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const silent = { error: () => undefined, warn: () => undefined };

/** A server process stand-in (test/job-child.ts) we can kill -9. */
interface Child {
  process: ChildProcess;
  output(): string;
  /** Resolves when the child prints `line`. */
  says(line: string, timeoutMs?: number): Promise<void>;
}

const children: ChildProcess[] = [];

function spawnChild(mode: 'run', env: Record<string, string> = {}): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/job-child.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: ctx.env.DATABASE_URL!, JOB_CHILD_MODE: mode, ...env },
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    process: child,
    output: () => output,
    async says(line, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!output.split('\n').includes(line)) {
        if (child.exitCode !== null) throw new Error(`child exited ${child.exitCode}: ${output}`);
        if (Date.now() > deadline) throw new Error(`child never said ${line}: ${output}`);
        await sleep(20);
      }
    },
  };
}

async function killHard(child: Child): Promise<void> {
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.kill('SIGKILL');
  await exited;
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

type Run = { job_id: number; attempt: number; pid: number; phase: string };

const runs = async (): Promise<Run[]> =>
  (await ctx.db.execute<Run>(sql`SELECT job_id, attempt, pid, phase FROM job_test_runs ORDER BY id`)).rows;

const jobRows = async (queue: string) =>
  (
    await ctx.db.execute<{ id: number; status: string; attempts: number; last_error: string | null }>(
      sql`SELECT id, status, attempts, last_error FROM jobs WHERE queue = ${queue} ORDER BY id`,
    )
  ).rows;

let lock: InstanceLock;

beforeAll(async () => {
  await ctx.db.execute(sql`CREATE TABLE job_test_runs (
    id bigserial PRIMARY KEY, job_id bigint NOT NULL, attempt int NOT NULL, pid int NOT NULL, phase text NOT NULL)`);
  lock = await takeInstanceLock(ctx.db.$client, silent);
});

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

afterAll(async () => {
  await lock.stop();
});

describe('across processes', () => {
  it('two processes never run one job twice', async () => {
    const first = spawnChild('run');
    const second = spawnChild('run');
    await Promise.all([first.says('ready'), second.says('ready')]);
    const ids: number[] = [];
    for (let n = 0; n < 200; n++) ids.push((await enqueueJob(ctx.db, { queue: 'test.record' }))!);
    await until(async () => (await jobRows('test.record')).length === 0, 20_000, 'every job to run');
    const done = (await runs()).filter((run) => ids.includes(Number(run.job_id)));
    expect(done.map((run) => Number(run.job_id)).sort((a, b) => a - b)).toEqual(ids);
    expect(done.every((run) => run.attempt === 1)).toBe(true);
    // Both took part, so the claims really raced.
    expect(new Set(done.map((run) => run.pid))).toEqual(new Set([first.process.pid, second.process.pid]));
  });

  // Attempt 2 exactly: the killed worker's claim still in flight (its poll, run to the end by PostgreSQL after
  // the kill) once took its own job back for its dead id once its lock had gone, and the restarted worker ran
  // attempt 3 (CI, 2026-11-28). Claims now need the claimer's own lock and never take its own job back
  // (jobs.integration.test.ts, "a worker whose lock is gone").
  it('a job whose worker is killed mid-run (kill -9) runs to completion after a restart, promptly', async () => {
    // The restart's process is loaded meanwhile (tsx takes seconds) but starts its runner only when told.
    const go = join(tmpdir(), `kippu-job-go-${process.pid}-${Date.now()}`);
    const restarted = spawnChild('run', { JOB_CHILD_START_WHEN: go });
    const first = spawnChild('run');
    await first.says('ready');
    const id = (await enqueueJob(ctx.db, { queue: 'test.slow', payload: { holdMs: 1500 } }))!;
    const phases = async () => (await runs()).filter((run) => Number(run.job_id) === id);
    await until(async () => (await phases()).length === 1, 10_000, 'the job to start');
    await killHard(first);
    expect(await jobRows('test.slow')).toMatchObject([{ id, status: 'running', attempts: 1 }]);

    await restarted.says('loaded');
    const restartedAt = Date.now();
    await writeFile(go, '');
    await restarted.says('ready');
    await until(async () => (await jobRows('test.slow')).length === 0, 10_000, 'the job to finish');
    // Taken over as soon as the restarted process looked: no lease had to run out first.
    expect(Date.now() - restartedAt).toBeLessThan(8000);
    expect(await phases()).toEqual([
      { job_id: id, attempt: 1, pid: first.process.pid, phase: 'started' },
      { job_id: id, attempt: 2, pid: restarted.process.pid, phase: 'started' },
      { job_id: id, attempt: 2, pid: restarted.process.pid, phase: 'done' },
    ]);
  });
});
