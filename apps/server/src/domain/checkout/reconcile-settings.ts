import type { Env } from '../../config/env.ts';
import type { CompleteDeps } from './complete-attempt.ts';

/** When and how often attempts in flight are asked about (settings in config/env.ts; ADR 026, 047). */
export interface ReconcileSettings {
  /**
   * An attempt of a live process still in flight this long after it began is asked about: longer than
   * any checkout's own gateway round (three calls of GATEWAY_TIMEOUT_MS's 60 s), shorter than a hold, so
   * a payment whose return and notification were both lost is settled while its order still waits.
   */
  afterMinutes: number;
  /** The same attempt is asked again at most this often while the gateway says it is still pending. */
  againMinutes: number;
  /**
   * How often a round runs: a recurring job (ADR 057), run by one process at a time across all of them and
   * due again for this process this long after the last round ended. An attempt left by a dead process is
   * first seen in one round and settled in a round one interval later, so it is resolved within about two
   * intervals of the crash.
   */
  intervalMs: number;
  /** Past this, an attempt the gateway still calls pending is no longer asked about and is flagged for staff. */
  stuckAfterHours: number;
  /**
   * Twice GATEWAY_TIMEOUT_MS: a charging call sent this long ago (its "exec sent" mark) has finished at the
   * gateway, so only then may an unprocessed trade of it be read as never executed (ADR 047).
   */
  executionWindowMs: number;
}

export function reconcileSettings(
  env: Pick<
    Env,
    | 'RECONCILE_AFTER_MINUTES'
    | 'RECONCILE_AGAIN_MINUTES'
    | 'RECONCILE_INTERVAL_MS'
    | 'PAYMENT_STUCK_AFTER_HOURS'
    | 'GATEWAY_TIMEOUT_MS'
  >,
): ReconcileSettings {
  return {
    afterMinutes: env.RECONCILE_AFTER_MINUTES,
    againMinutes: env.RECONCILE_AGAIN_MINUTES,
    intervalMs: env.RECONCILE_INTERVAL_MS,
    stuckAfterHours: env.PAYMENT_STUCK_AFTER_HOURS,
    executionWindowMs: 2 * env.GATEWAY_TIMEOUT_MS,
  };
}

/** What the reconciliation's steps (reconcile-payments, ask-gateway, recheck-declined) share. */
export type ReconcileDeps = CompleteDeps & { reconcile: ReconcileSettings };
