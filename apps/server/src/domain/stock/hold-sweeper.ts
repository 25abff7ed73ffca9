import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { SWEEP_BATCH_SIZE, sweepExpiredHolds } from './sweep-expired-holds.ts';

export interface HoldSweeper {
  stop(): Promise<void>;
}

/**
 * Sweeps every `intervalMs` (a chained timer, so sweeps never overlap in one process); sweeps again at
 * once while a sweep comes back full, so a backlog drains quickly. Expired holds are back on sale
 * within one interval of their expiry.
 */
export function startHoldSweeper(
  db: Db,
  intervalMs: number,
  onError: (error: unknown) => void = () => undefined,
): HoldSweeper {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const tick = async () => {
    try {
      while (!stopped && (await sweepExpiredHolds(db)) === SWEEP_BATCH_SIZE);
    } catch (error) {
      onError(error);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Runs the hold sweeper while the app is up: started when the app is ready, stopped when it closes. */
export function registerHoldSweeper(app: FastifyInstance): void {
  let sweeper: HoldSweeper | undefined;
  app.addHook('onReady', async () => {
    sweeper = startHoldSweeper(app.db, app.env.SWEEP_INTERVAL_MS, (error) =>
      app.log.error({ err: error }, 'hold sweep failed'),
    );
  });
  app.addHook('onClose', async () => {
    await sweeper?.stop();
  });
}
