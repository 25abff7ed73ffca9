import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { instanceAlive } from './instance-lock.ts';

/** A job as its handler sees it, claimed by one worker. */
export interface ClaimedJob {
  id: number;
  queue: string;
  payload: Record<string, unknown>;
  key: string | null;
  /** This run's number (1 for the first; a recurring job counts again from 1 after each run that ended well). */
  attempts: number;
  /**
   * This claim's number, counted on every claim of the row and never reset: with the id, the fence of every
   * write about this run (attempts is no fence: it starts again at 1, and a worker takes its id back after a
   * blip, so an old run's late write could match a later run's claim).
   */
  claimSeq: number;
  maxAttempts: number;
  repeatMs: number | null;
  lastError: string | null;
  /** The job was running for a worker that died (kill -9, a cut connection): this is its next run. */
  reclaimed: boolean;
}

type ClaimedRow = {
  id: number;
  queue: string;
  payload: Record<string, unknown>;
  key: string | null;
  attempts: number;
  claim_seq: number;
  max_attempts: number;
  repeat_ms: number | null;
  last_error: string | null;
  was: string;
};

/**
 * Claims the next due job of `queues` for the worker `workerId`, in one statement (autocommit): the row is
 * picked `FOR UPDATE SKIP LOCKED` (two workers never pick one row), marked running with this worker's
 * instance id and its attempt counted. Due: queued and past run_at, or running for another worker whose
 * instance lock is gone (it died: the job runs again at once). A recurring job is also due once this worker's
 * own interval (`everyMs` of its queue) has passed since the last run ended: processes configured with
 * different intervals each see the round at least as often as they ask, and it still runs once at a time.
 *
 * Only a worker whose own lock is held claims, and never its own running job back. A process killed while
 * its poll's claim was in flight leaves that statement running in its backend after the kill: once its
 * instance lock had gone, the statement read the process's own running job as a dead worker's and claimed it
 * for the dead id, an attempt nobody ran (a restarted worker then ran attempt 3, not 2; a job near its
 * maximum would have been failed unrun). And a live worker whose lock connection is cut for a moment would
 * otherwise take its own running jobs back, or claim jobs under an id every other worker reads as dead.
 */
export async function claimJob(
  db: Db,
  queues: Record<string, { everyMs?: number }>,
  workerId: number,
): Promise<ClaimedJob | null> {
  const names = Object.keys(queues);
  if (names.length === 0) return null;
  const everyMs = names.map((name) => queues[name]!.everyMs ?? null);
  const { rows } = await db.execute<ClaimedRow>(sql`
    WITH mine AS (
      SELECT * FROM unnest(${sql.param(names)}::text[], ${sql.param(everyMs)}::int[]) AS m(queue, every_ms)
    ), next AS (
      SELECT jobs.id, jobs.status AS was FROM jobs JOIN mine ON mine.queue = jobs.queue
      WHERE ((jobs.status = 'queued' AND (jobs.run_at <= now()
              -- run_at - repeat_ms is when the last run ended
              OR jobs.run_at - make_interval(secs => (jobs.repeat_ms - mine.every_ms) / 1000.0) <= now()))
         OR (jobs.status = 'running' AND jobs.locked_by IS DISTINCT FROM ${workerId}
             AND NOT ${instanceAlive(sql`jobs.locked_by`)}))
        AND ${instanceAlive(sql`${workerId}`)}
      ORDER BY jobs.run_at, jobs.id
      LIMIT 1
      FOR UPDATE OF jobs SKIP LOCKED)
    UPDATE jobs SET status = 'running', attempts = attempts + 1, claim_seq = claim_seq + 1,
      locked_by = ${workerId}, locked_at = now()
    FROM next WHERE jobs.id = next.id
    RETURNING jobs.id, jobs.queue, jobs.payload, jobs.key, jobs.attempts, jobs.claim_seq, jobs.max_attempts,
              jobs.repeat_ms, jobs.last_error, next.was`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    queue: row.queue,
    payload: row.payload,
    key: row.key,
    attempts: row.attempts,
    claimSeq: Number(row.claim_seq),
    maxAttempts: row.max_attempts,
    repeatMs: row.repeat_ms,
    lastError: row.last_error,
    reclaimed: row.was === 'running',
  };
}

/**
 * Only while the job is still this run's: a worker that lost its claim writes nothing (the fence). The claim's
 * number is what tells this run from a later claim of the same row by the same worker id.
 */
const stillOurs = (job: ClaimedJob, workerId: number) =>
  sql`id = ${job.id} AND status = 'running' AND locked_by = ${workerId} AND claim_seq = ${job.claimSeq}`;

/**
 * The run succeeded: a one-off job is deleted (its key is free again); a recurring one is queued for the
 * interval of the worker that ran it (`everyMs`, kept as repeat_ms so run_at - repeat_ms is when the run
 * ended), or at once when the handler said more is due. False when the claim was lost.
 */
export async function completeJob(
  db: Db,
  job: ClaimedJob,
  workerId: number,
  { again = false, everyMs }: { again?: boolean; everyMs?: number } = {},
): Promise<boolean> {
  const repeatMs = everyMs ?? job.repeatMs;
  const { rows } = repeatMs
    ? await db.execute(sql`
        UPDATE jobs SET status = 'queued', attempts = 0, last_error = NULL, locked_by = NULL, locked_at = NULL,
          repeat_ms = ${repeatMs}, run_at = now() + make_interval(secs => ${again ? 0 : repeatMs / 1000})
        WHERE ${stillOurs(job, workerId)} RETURNING id`)
    : await db.execute(sql`DELETE FROM jobs WHERE ${stillOurs(job, workerId)} RETURNING id`);
  return rows.length > 0;
}

/**
 * The run failed: the error is kept and the job queued again after `delayMs`, or `failed` (kept, for staff)
 * when it was the last attempt. A recurring job never fails for good: it waits at most its interval.
 * Returns what became of it, or 'lost' when the claim was lost meanwhile.
 */
export async function failJob(
  db: Db,
  job: ClaimedJob,
  workerId: number,
  error: string,
  delayMs: number,
  lastAttempt = false,
): Promise<'retrying' | 'failed' | 'lost'> {
  const giveUp = !job.repeatMs && (lastAttempt || job.attempts >= job.maxAttempts);
  const wait = job.repeatMs ? Math.min(delayMs, job.repeatMs) : delayMs;
  const { rows } = await db.execute(sql`
    UPDATE jobs SET last_error = ${error.slice(0, 2000)}, locked_by = NULL, locked_at = NULL,
      status = ${giveUp ? 'failed' : 'queued'}, failed_at = ${giveUp ? sql`now()` : null},
      run_at = now() + make_interval(secs => ${wait / 1000})
    WHERE ${stillOurs(job, workerId)} RETURNING id`);
  if (rows.length === 0) return 'lost';
  return giveUp ? 'failed' : 'retrying';
}

/**
 * Gives a claim back unrun (fenced): the worker's lock was cut while its claim was in flight, so the job
 * carries an id other workers read as dead, and this worker would run it unwarned beside their takeover. The
 * attempt is not counted; the claim's number stays counted (the fence). False when the claim was lost.
 */
export async function releaseJob(db: Db, job: ClaimedJob, workerId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    UPDATE jobs SET status = 'queued', attempts = attempts - 1, locked_by = NULL, locked_at = NULL
    WHERE ${stillOurs(job, workerId)} RETURNING id`);
  return rows.length > 0;
}
