import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { LongerTimeouts } from '../../db/timeouts.ts';
import { startRepeatingJob, type RepeatingJob } from '../../shared/repeating-job.ts';
import { noteStockChange } from '../stock/stock-changes.ts';
import { SWEEP_BATCH_SIZE, sweepExpiredHolds } from './sweep-expired-holds.ts';

export type HoldSweeper = RepeatingJob;

/**
 * Sweeps every `intervalMs`; sweeps again at once while a sweep comes back full, so a backlog drains
 * quickly. Expired holds are back on sale within one interval of their expiry. A batch of 300 orders
 * runs under the background jobs' statement limit, not a visitor's (`jobTimeouts`, ADR 046).
 */
export function startHoldSweeper(
  db: Db,
  intervalMs: number,
  onError: (error: unknown) => void = () => undefined,
  payingGraceMinutes?: number,
  jobTimeouts?: LongerTimeouts,
): HoldSweeper {
  return startRepeatingJob({
    intervalMs,
    runOnce: async () => {
      const swept = await sweepExpiredHolds(db, SWEEP_BATCH_SIZE, payingGraceMinutes, jobTimeouts);
      // After the sweep's transaction: released stock shows at once in this process (ADR 033).
      if (swept > 0) noteStockChange();
      return swept === SWEEP_BATCH_SIZE;
    },
    onError,
  });
}

/** Runs the hold sweeper while the app is up: started when the app is ready, stopped when it closes. */
export function registerHoldSweeper(app: FastifyInstance): void {
  let sweeper: HoldSweeper | undefined;
  app.addHook('onReady', async () => {
    sweeper = startHoldSweeper(
      app.db,
      app.env.SWEEP_INTERVAL_MS,
      (error) => app.log.error({ err: error }, 'hold sweep failed'),
      app.env.PAYING_GRACE_MINUTES,
      { statementMs: app.env.DATABASE_JOB_STATEMENT_TIMEOUT_MS },
    );
  });
  app.addHook('onClose', async () => {
    await sweeper?.stop();
  });
}
