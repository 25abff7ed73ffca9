import type { FastifyInstance } from 'fastify';
import type { Queues } from '../../jobs/job-runner.ts';
import { retryRequestedRefunds } from './settle-refund.ts';

/** The refunds' reconciliation round, a recurring job (ADR 057): one process asks the gateways at a time. */
export const REFUND_RECONCILE_QUEUE = 'refunds.reconcile';

/** How often refunds left `requested` (a gateway time-out, a stop before the call) are asked about again. */
export const REFUND_RECONCILE_EVERY_MS = 60_000;

const BATCH = 20;

/**
 * Asks the gateways again, with each refund's own key, about refunds whose answer was lost (ADR 076), until
 * they settle. A refund asked without an answer is stamped (updated_at) and waits its turn, so the job never
 * spins on one gateway that is down.
 */
export function registerRefundReconciler(app: FastifyInstance, queues: Queues): void {
  queues[REFUND_RECONCILE_QUEUE] = {
    everyMs: REFUND_RECONCILE_EVERY_MS,
    handler: async () => {
      const settled = await retryRequestedRefunds(
        app.db,
        { payments: app.payments, env: app.env },
        { limit: BATCH },
      );
      return { again: settled >= BATCH };
    },
  };
}
