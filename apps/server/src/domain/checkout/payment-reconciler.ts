import type { FastifyInstance } from 'fastify';
import type { Queues } from '../../jobs/job-runner.ts';
import { noteStockChange } from '../stock/stock-changes.ts';
import { RECONCILE_BATCH_SIZE, reconcilePendingAttempts } from './reconcile-payments.ts';

/** The reconciliation round, a recurring job (ADR 057): one process asks the gateways at a time. */
export const RECONCILE_QUEUE = 'payments.reconcile';

/**
 * Runs the reconciliation worker while the app is up (ADR 026, 047), on the app's job runner: every
 * RECONCILE_INTERVAL_MS (default a minute: well inside RECONCILE_AGAIN_MINUTES, so a pending attempt is
 * asked on time), once across all processes.
 */
export function registerPaymentReconciler(app: FastifyInstance, queues: Queues): void {
  queues[RECONCILE_QUEUE] = {
    everyMs: app.checkoutDeps.reconcile.intervalMs,
    handler: async (_job, { signal }) => {
      const { settled } = await reconcilePendingAttempts(app.checkoutDeps, RECONCILE_BATCH_SIZE, signal);
      // A settled attempt may have sold or released stock: refusals read again (ADR 007).
      if (settled > 0) noteStockChange();
      // Run again at once only while whole batches settle: an attempt asked without an outcome is stamped
      // and waits RECONCILE_AGAIN_MINUTES, so it can never make the job spin.
      return { again: settled >= RECONCILE_BATCH_SIZE };
    },
  };
}
