import type { FastifyInstance } from 'fastify';
import type { Queues } from '../../jobs/job-runner.ts';
import { VISITOR_MOVES_QUEUE } from './create-move.ts';
import { runMove, type VisitorMoveDeps } from './run-move.ts';

/** What a run needs, from the app (its environment for links, its payment registry for refunds). */
export function visitorMoveDeps(app: FastifyInstance): VisitorMoveDeps {
  // The refunds get app.env too: without it cancelTickets queues no refund mail (review finding 4).
  return { env: app.env, refunds: { payments: app.payments, env: app.env } };
}

/**
 * Adds the moves' queue to the app's job runner (ADR 057, 079): each job runs one move to its end. A worker
 * killed mid-run leaves its job to the next runner, which continues the run where it stopped.
 */
export function registerVisitorMoves(app: FastifyInstance, queues: Queues): void {
  queues[VISITOR_MOVES_QUEUE] = {
    // Short waits between tries: a run blocked by a passing fault should resume soon, its items are idempotent.
    backoff: { baseMs: 1000, capMs: 60_000 },
    handler: async (job, { signal }) => {
      await runMove(app.db, visitorMoveDeps(app), Number(job.payload.moveId), signal);
    },
  };
}
