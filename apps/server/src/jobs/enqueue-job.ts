import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

/** A job to run later (ADR 057). */
export interface NewJob {
  /** Which handler runs it (a runner only claims the queues it has handlers for). */
  queue: string;
  /** What the handler needs; kept as JSON. */
  payload?: Record<string, unknown>;
  /** Not before this moment; default now. */
  runAt?: Date;
  /** Deduplicates: while a job of this queue and key is queued, running or failed, another is not added. */
  key?: string;
  /** Runs that may fail before the job is `failed`; default 10. */
  maxAttempts?: number;
}

/**
 * Adds a job in the caller's transaction, so the job exists iff the transaction commits: the outbox
 * pattern of ADR 016, for any work. Returns the job's id, or null when a job with the same key is there.
 */
export async function enqueueJob(tx: Tx | Db, job: NewJob): Promise<number | null> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO jobs (queue, payload, key, run_at, max_attempts)
    VALUES (${job.queue}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.key ?? null},
            COALESCE(${job.runAt?.toISOString() ?? null}::timestamptz, now()), ${job.maxAttempts ?? 10})
    ON CONFLICT (queue, key) WHERE key IS NOT NULL DO NOTHING
    RETURNING id`);
  return rows[0] ? Number(rows[0].id) : null;
}

/** The key of a queue's one recurring job. */
export const SCHEDULE_KEY = 'schedule';

/**
 * Makes sure the queue's one recurring job exists (every process calls it as it starts; the unique key keeps
 * one row across processes). Each process claims it on its own interval (`claimJob`), so an existing row is
 * left as it is.
 */
export async function ensureSchedule(db: Db, queue: string, everyMs: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO jobs (queue, key, repeat_ms) VALUES (${queue}, ${SCHEDULE_KEY}, ${everyMs})
    ON CONFLICT (queue, key) WHERE key IS NOT NULL DO NOTHING`);
}
