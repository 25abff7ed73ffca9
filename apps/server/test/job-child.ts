/**
 * A server process as the job tests need it (ADR 057, 058), started with `node --import tsx` and killed
 * with SIGKILL: DATABASE_URL names the test's database, JOB_CHILD_MODE what it does.
 * - `run`: a job runner on the test queues (test.record, test.slow) until killed (with JOB_CHILD_START_WHEN,
 *   only once that file exists);
 * - `settle`: settles the paid attempt JOB_CHILD_ATTEMPT (JSON) as checkout would, says `settled`, then waits
 *   to be killed, with no job runner: the order's after-commit listener has not run when it dies.
 */
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../src/config/env.ts';
import { createDb } from '../src/db/client.ts';
import { settleAttempt } from '../src/domain/checkout/settle-attempt.ts';
import type { StoredAttempt } from '../src/domain/payments/payment-attempts.ts';
import type { PaymentProvider } from '../src/domain/payments/payment-provider.ts';
import { takeInstanceLock } from '../src/jobs/instance-lock.ts';
import { startJobRunner, type Queues } from '../src/jobs/job-runner.ts';
import { orderPaidListeners } from '../src/order-paid-listeners.ts';

const env = loadEnv({ ...process.env, NODE_ENV: 'test' });
const db = createDb(env.DATABASE_URL!, 4);
const log = {
  error: (details: object, message: string) => console.error(message, details),
  warn: () => undefined,
};

/** Each run of a test job leaves a row: which job, which run, which process, and when it ended. */
const testQueues = (pid: number): Queues => ({
  'test.record': {
    handler: async (job) => {
      await sleep(Math.floor(Math.random() * 4));
      await db.execute(sql`INSERT INTO job_test_runs (job_id, attempt, pid, phase)
                           VALUES (${job.id}, ${job.attempts}, ${pid}, 'done')`);
    },
  },
  'test.slow': {
    handler: async (job) => {
      await db.execute(sql`INSERT INTO job_test_runs (job_id, attempt, pid, phase)
                           VALUES (${job.id}, ${job.attempts}, ${pid}, 'started')`);
      await sleep(Number(job.payload.holdMs ?? 0));
      await db.execute(sql`INSERT INTO job_test_runs (job_id, attempt, pid, phase)
                           VALUES (${job.id}, ${job.attempts}, ${pid}, 'done')`);
    },
  },
});

if (process.env.JOB_CHILD_MODE === 'run') {
  // A restart prepared ahead: loaded, but its runner starts only once the file named here exists.
  const startWhen = process.env.JOB_CHILD_START_WHEN;
  if (startWhen) {
    console.log('loaded');
    while (!existsSync(startWhen)) await sleep(10);
  }
  const lock = await takeInstanceLock(db.$client, log);
  const runner = startJobRunner({ db, lock, queues: testQueues(process.pid), pollMs: 20, log });
  await runner.start();
  console.log('ready');
} else if (process.env.JOB_CHILD_MODE === 'settle') {
  const attempt = JSON.parse(process.env.JOB_CHILD_ATTEMPT!) as StoredAttempt;
  // Only a refund would call the provider; the order is paying, so none is made.
  const provider = {} as PaymentProvider;
  await settleAttempt({ db, env, log, orderPaid: orderPaidListeners(env) }, provider, attempt, {
    kind: 'done',
    providerReference: 'crash-test',
    events: [],
  });
  console.log('settled');
}
setInterval(() => undefined, 60_000);
