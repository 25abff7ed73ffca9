import type { FastifyInstance } from 'fastify';
import { startRepeatingJob, type RepeatingJob } from '../../shared/repeating-job.ts';
import { noteStockChange } from '../stock/stock-changes.ts';
import { RECONCILE_BATCH_SIZE, reconcilePendingAttempts } from './reconcile-payments.ts';

/**
 * Runs the reconciliation worker while the app is up (ADR 026, 047): every RECONCILE_INTERVAL_MS (default
 * a minute: well inside RECONCILE_AGAIN_MINUTES, so a pending attempt is asked on time), started when
 * ready, stopped on close.
 */
export function registerPaymentReconciler(app: FastifyInstance): void {
  let job: RepeatingJob | undefined;
  app.addHook('onReady', async () => {
    job = startRepeatingJob({
      intervalMs: app.checkoutDeps.reconcile.intervalMs,
      runOnce: async () => {
        const { settled } = await reconcilePendingAttempts(app.checkoutDeps);
        // A settled attempt may have sold or released stock (ADR 033).
        if (settled > 0) noteStockChange();
        // Run again at once only while whole batches settle: an attempt asked without an outcome is
        // stamped and waits RECONCILE_AGAIN_MINUTES, so it can never make the job spin.
        return settled >= RECONCILE_BATCH_SIZE;
      },
      onError: (error) => app.log.error({ err: error }, 'payment reconciliation failed'),
    });
  });
  app.addHook('onClose', async () => {
    await job?.stop();
  });
}
