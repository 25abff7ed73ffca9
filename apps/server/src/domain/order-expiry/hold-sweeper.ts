import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { LongerTimeouts } from '../../db/timeouts.ts';
import type { Queues } from '../../jobs/job-runner.ts';
import { noteStockChange } from '../stock/stock-changes.ts';
import { SWEEP_BATCH_SIZE, sweepExpiredHolds } from './sweep-expired-holds.ts';

/** The hold sweep, a recurring job (ADR 057): one process sweeps at a time, every SWEEP_INTERVAL_MS. */
export const HOLD_SWEEP_QUEUE = 'stock.sweep-holds';

/**
 * Sweeps every `intervalMs`; again at once while a sweep comes back full, so a backlog drains quickly.
 * Expired holds are back on sale within one interval of their expiry. A batch of 300 orders runs under
 * the background jobs' statement limit, not a visitor's (`jobTimeouts`, ADR 046).
 */
export function holdSweeperQueues(
  db: Db,
  intervalMs: number,
  payingGraceMinutes?: number,
  jobTimeouts?: LongerTimeouts,
): Queues {
  return {
    [HOLD_SWEEP_QUEUE]: {
      everyMs: intervalMs,
      handler: async () => {
        const swept = await sweepExpiredHolds(db, SWEEP_BATCH_SIZE, payingGraceMinutes, jobTimeouts);
        // After the sweep's transaction: this process's hold refusals read the slot again (ADR 007).
        if (swept > 0) noteStockChange();
        return { again: swept === SWEEP_BATCH_SIZE };
      },
    },
  };
}

/** Runs the hold sweeper while the app is up, on the app's job runner (app.ts). */
export function registerHoldSweeper(app: FastifyInstance, queues: Queues): void {
  Object.assign(
    queues,
    holdSweeperQueues(app.db, app.env.SWEEP_INTERVAL_MS, app.env.PAYING_GRACE_MINUTES, {
      statementMs: app.env.DATABASE_JOB_STATEMENT_TIMEOUT_MS,
    }),
  );
}
