import type { Db } from '../db/client.ts';
import { ensureSchedule } from './enqueue-job.ts';
import { claimJob, completeJob, failJob, releaseJob, type ClaimedJob } from './job-store.ts';

/** What a handler is given besides the job. */
export interface JobContext {
  /**
   * Aborted when this worker's instance lock is cut (a database blip): another process may now run the
   * job, so a long handler should stop at its next step. Whatever it still writes must be idempotent.
   */
  signal: AbortSignal;
}

/** Says `again` when more is due at once (a full batch): a recurring job then runs again without waiting. */
export type JobHandler = (job: ClaimedJob, context: JobContext) => Promise<void | { again?: boolean }>;

export interface Backoff {
  /** Wait after the first failure; doubles after each further one, up to the cap. */
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 1000, capMs: 3_600_000 };

/** The wait before the next run after `failures` failed runs (1 or more). */
export function backoffMs(failures: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  return Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.max(0, failures - 1));
}

export interface Queue {
  handler: JobHandler;
  backoff?: Backoff;
  /** A recurring job: the queue's one scheduled row runs every this long, once across all processes. */
  everyMs?: number;
}

export type Queues = Record<string, Queue>;

/** The worker's identity: the process's instance lock (ADR 047), whose loss means "read as dead". */
export interface WorkerLock {
  readonly id: number;
  /** Whether the lock is held right now (false while its cut connection is being opened again). */
  held(): boolean;
  onLost(listener: () => void): () => void;
}

export interface JobLog {
  error(details: object, message: string): void;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * A run ended but its end could not be written (the database was away): the job stays `running` for this
 * live worker, which nobody else would take over, so the runner writes the end again until it can.
 */
export class UnrecordedRun extends Error {
  constructor(
    readonly record: () => Promise<unknown>,
    cause: unknown,
  ) {
    super('the end of a job run could not be recorded', { cause });
  }
}

/**
 * Runs one claimed job to its end and records the end (fenced: a lost claim records nothing). Never throws
 * for the handler's failure; a database fault while recording throws an UnrecordedRun.
 */
export async function runClaimedJob(
  db: Db,
  queues: Queues,
  job: ClaimedJob,
  lock: WorkerLock,
  log?: JobLog,
): Promise<'done' | 'retrying' | 'failed' | 'released' | 'lost'> {
  const queue = queues[job.queue];
  if (!queue) throw new Error(`no handler for queue ${job.queue}`);
  const backoff = queue.backoff ?? DEFAULT_BACKOFF;
  const recorded = async <T>(record: () => Promise<T>): Promise<T> => {
    try {
      return await record();
    } catch (error) {
      throw new UnrecordedRun(record, error);
    }
  };
  // The last run died with its worker (kill -9) and that was the last attempt: a job that kills its worker
  // is not tried for ever.
  if (job.reclaimed && !job.repeatMs && job.attempts > job.maxAttempts) {
    return recorded(() => failJob(db, job, lock.id, 'the worker died during the last attempt', 0, true));
  }
  // The lock was cut while the claim was in flight (its SQL saw it held): the job carries an id others read
  // as dead, and this run's signal would never hear of a loss that came before it listened. The check and
  // the subscription below happen in one synchronous step, so a later loss aborts the signal.
  if (!lock.held()) return (await recorded(() => releaseJob(db, job, lock.id))) ? 'released' : 'lost';
  const controller = new AbortController();
  const unsubscribe = lock.onLost(() => controller.abort(new Error('instance lock lost')));
  let result: void | { again?: boolean };
  try {
    result = await queue.handler(job, { signal: controller.signal });
  } catch (error) {
    const outcome = await recorded(() =>
      failJob(db, job, lock.id, describe(error), backoffMs(job.attempts, backoff)),
    );
    if (outcome !== 'lost') {
      log?.error(
        { err: error, jobId: job.id, queue: job.queue, attempt: job.attempts },
        outcome === 'failed'
          ? `job ${job.id} (${job.queue}) failed for good`
          : `job ${job.id} (${job.queue}) failed`,
      );
    }
    return outcome;
  } finally {
    unsubscribe();
  }
  return (await recorded(() =>
    completeJob(db, job, lock.id, { again: result?.again, everyMs: queue.everyMs }),
  ))
    ? 'done'
    : 'lost';
}

/**
 * One pass by hand (tests, a CLI): claims and runs due jobs of `queues` one after the other until none is
 * due, at most `limit`. Returns how many ran.
 */
export async function runDueJobs(db: Db, queues: Queues, lock: WorkerLock, limit = 1000): Promise<number> {
  let ran = 0;
  while (ran < limit) {
    const job = await claimJob(db, queues, lock.id);
    if (!job) break;
    await runClaimedJob(db, queues, job, lock);
    ran++;
  }
  return ran;
}

export interface JobRunnerOptions {
  db: Db;
  lock: WorkerLock;
  queues: Queues;
  /** How often an idle runner looks for due jobs. */
  pollMs: number;
  /** Jobs run at once in this process. */
  concurrency?: number;
  log: JobLog;
}

export interface JobRunner {
  /** Makes sure the recurring jobs exist, then polls. */
  start(): Promise<void>;
  /** Stops claiming and waits for the jobs in flight to end (a graceful shutdown never cuts one off). */
  stop(): Promise<void>;
}

/**
 * The process's job runner (ADR 057): polls every `pollMs`, claims due jobs while it has free slots, runs
 * each on its own and looks again as soon as one ends. Any number of processes run one each on the same table.
 */
export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, lock, queues, pollMs, log } = options;
  const concurrency = options.concurrency ?? 4;
  const running = new Set<Promise<unknown>>();
  const unrecorded = new Set<UnrecordedRun>();
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<void> | undefined;
  let stopped = true;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };

  const fill = async () => {
    for (const run of unrecorded) {
      await run.record();
      unrecorded.delete(run);
    }
    while (!stopped && running.size < concurrency) {
      const job = await claimJob(db, queues, lock.id);
      if (!job) return;
      const run: Promise<unknown> = runClaimedJob(db, queues, job, lock, log)
        .catch((error: unknown) => {
          log.error({ err: error, jobId: job.id, queue: job.queue }, 'recording a job run failed');
          if (error instanceof UnrecordedRun) unrecorded.add(error);
        })
        .finally(() => {
          running.delete(run);
          schedule(0);
        });
      running.add(run);
    }
  };

  function tick() {
    if (stopped || looking) return;
    looking = fill()
      .catch((error: unknown) => log.error({ err: error }, 'claiming jobs failed'))
      .finally(() => {
        looking = undefined;
        schedule(pollMs);
      });
  }

  return {
    async start() {
      for (const [queue, { everyMs }] of Object.entries(queues)) {
        if (everyMs) await ensureSchedule(db, queue, everyMs);
      }
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await looking;
      await Promise.allSettled([...running]);
      // Once more before the lock goes; what still fails is taken over as the job of a dead worker.
      for (const run of unrecorded) await run.record().catch(() => undefined);
    },
  };
}
