import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Queues } from '../../jobs/job-runner.ts';
import { releaseDueAllotments } from './allotments.ts';

/** The allotments' cut-off (ADR 089): a recurring job (ADR 057), one runner at a time across processes. */
export const ALLOTMENT_RELEASE_QUEUE = 'partners.release-allotments';
/** Allotments are released within this long after their release_at. */
export const ALLOTMENT_RELEASE_INTERVAL_MS = 60_000;
const BATCH = 200;

/**
 * Releases what partners left unsold at each allotment's cut-off. Safe with any number of runners: the job
 * mechanism runs one at a time, and each release is guarded by its row (`released_at IS NULL` under `FOR
 * UPDATE SKIP LOCKED`, allotments.ts), so even two direct calls release every allotment exactly once.
 */
export function allotmentReleaseQueues(db: Db, intervalMs = ALLOTMENT_RELEASE_INTERVAL_MS): Queues {
  return {
    [ALLOTMENT_RELEASE_QUEUE]: {
      everyMs: intervalMs,
      handler: async () => ({ again: (await releaseDueAllotments(db, BATCH)) === BATCH }),
    },
  };
}

/** Runs the cut-off job while the app is up, on the app's job runner (app.ts). */
export function registerAllotmentRelease(app: FastifyInstance, queues: Queues): void {
  Object.assign(queues, allotmentReleaseQueues(app.db));
}
