import type { FastifyInstance } from 'fastify';
import { enqueueJob } from '../../jobs/enqueue-job.ts';
import type { Queues } from '../../jobs/job-runner.ts';
import { VISITOR_MOVES_QUEUE } from './create-move.ts';
import { runMove, type VisitorMoveDeps } from './run-move.ts';

/** What a run needs, from the app (its environment for links, its payment registry for refunds). */
export function visitorMoveDeps(app: FastifyInstance): VisitorMoveDeps {
  // The refunds get app.env too: without it cancelTickets queues no refund mail (review finding 4).
  return { env: app.env, refunds: { payments: app.payments, env: app.env } };
}

/** How long a run waits for an order still paying on its source before it looks again. */
export const MOVE_WAIT_MS = 30_000;

/**
 * Adds the moves' queue to the app's job runner (ADR 057, 079): each job runs one move to its end. A worker
 * killed mid-run leaves its job to the next runner, which continues the run where it stopped. A run waiting
 * for an order still paying on its source queues a later job for itself (without a key: this job's key is
 * still taken until it ends, and a second job only finds the run as the first left it).
 */
export function registerVisitorMoves(app: FastifyInstance, queues: Queues): void {
  queues[VISITOR_MOVES_QUEUE] = {
    // Short waits between tries: a run blocked by a passing fault should resume soon, its items are idempotent.
    backoff: { baseMs: 1000, capMs: 60_000 },
    handler: async (job, { signal }) => {
      const moveId = Number(job.payload.moveId);
      const outcome = await runMove(app.db, visitorMoveDeps(app), moveId, signal);
      if (outcome === 'waiting') {
        await enqueueJob(app.db, {
          queue: VISITOR_MOVES_QUEUE,
          payload: { moveId },
          runAt: new Date(Date.now() + MOVE_WAIT_MS),
        });
      }
    },
  };
}
