import { sql } from 'drizzle-orm';
import type { Env } from '../../config/env.ts';
import { instanceAlive } from '../payments/instance-lock.ts';
import { toAttempt, type AttemptRow } from '../payments/payment-attempts.ts';
import { askGateway } from './ask-gateway.ts';
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
   * How often each process runs a round. An attempt left by a dead process is first seen in one round and
   * settled in the round one interval later, so it is resolved within two intervals of the crash.
   */
  intervalMs: number;
  /** Past this, an attempt the gateway still calls pending is no longer asked about and is flagged for staff. */
  stuckAfterHours: number;
}

export function reconcileSettings(
  env: Pick<
    Env,
    | 'RECONCILE_AFTER_MINUTES'
    | 'RECONCILE_AGAIN_MINUTES'
    | 'RECONCILE_INTERVAL_MS'
    | 'PAYMENT_STUCK_AFTER_HOURS'
  >,
): ReconcileSettings {
  return {
    afterMinutes: env.RECONCILE_AFTER_MINUTES,
    againMinutes: env.RECONCILE_AGAIN_MINUTES,
    intervalMs: env.RECONCILE_INTERVAL_MS,
    stuckAfterHours: env.PAYMENT_STUCK_AFTER_HOURS,
  };
}

export const RECONCILE_BATCH_SIZE = 20;

export type ReconcileDeps = CompleteDeps & { reconcile: ReconcileSettings };

const seconds = (minutes: number) => sql`make_interval(secs => ${minutes * 60})`;
const alive = instanceAlive(sql`payments.instance_id`);

/**
 * Attempts left `created` by a process that died (ADR 047): its lock is gone from pg_locks. A first
 * sighting is only stamped (orphaned_at); one interval later, if the process still holds no lock, the
 * attempt is claimed (SKIP LOCKED) and its gateway asked as abandoned. The wait lets a live process whose
 * lock connection was merely cut take its lock back, and lets an ExecTran the dead process had already
 * sent finish at the gateway before we read the trade. Answers how many attempts it asked about.
 */
export async function recoverOrphanedAttempts(deps: ReconcileDeps, limit = RECONCILE_BATCH_SIZE) {
  await deps.db.execute(sql`
    UPDATE payments SET orphaned_at = CASE WHEN ${alive} THEN NULL ELSE now() END
    WHERE status = 'created' AND instance_id IS NOT NULL AND stuck_at IS NULL
      AND (orphaned_at IS NULL) = NOT ${alive}`);
  const { rows } = await deps.db.execute<AttemptRow>(sql`
    UPDATE payments SET reconciled_at = now()
    WHERE id IN (
      SELECT id FROM payments
      WHERE status = 'created' AND stuck_at IS NULL
        AND orphaned_at <= now() - make_interval(secs => ${deps.reconcile.intervalMs / 1000})
        AND NOT ${alive}
      ORDER BY orphaned_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING *`);
  for (const row of rows) await askGateway(deps, toAttempt(row), 'recovery', true);
  return rows.length;
}

/**
 * Attempts the gateway kept calling pending (or never answered about) for PAYMENT_STUCK_AFTER_HOURS are
 * no longer asked about: stuck_at is set and the order flagged for staff (`npm run stuck-payments` lists
 * them). Their money may still move; staff settle them with the gateway's console.
 */
export async function flagStuckAttempts(deps: ReconcileDeps): Promise<number> {
  const { rows } = await deps.db.execute<{ id: number; order_id: number }>(sql`
    WITH stuck AS (
      UPDATE payments SET stuck_at = now()
      WHERE status IN ('created', 'pending') AND stuck_at IS NULL
        AND created_at <= now() - make_interval(secs => ${deps.reconcile.stuckAfterHours * 3600})
      RETURNING id, order_id),
    flagged AS (
      UPDATE orders SET staff_attention_reason = COALESCE(staff_attention_reason, 'payment_unresolved'),
                        staff_attention_at = COALESCE(staff_attention_at, now())
      WHERE id IN (SELECT order_id FROM stuck))
    SELECT id, order_id FROM stuck`);
  for (const row of rows) {
    deps.log.error(
      { paymentId: Number(row.id), orderId: Number(row.order_id) },
      'payment still unresolved at the gateway: no longer asked about, listed by npm run stuck-payments',
    );
  }
  return rows.length;
}

/**
 * One reconciliation round: stranded attempts of dead processes first (above), then up to `limit`
 * attempts in flight past afterMinutes (SKIP LOCKED, so processes share the work), whose gateway is asked
 * (`status`) and the answer settled through settleAttempt, which applies an outcome once even when a return
 * or notification lands at the same moment. Stuck attempts are flagged and left alone. Answers how many
 * attempts it asked about.
 */
export async function reconcilePendingAttempts(
  deps: ReconcileDeps,
  limit = RECONCILE_BATCH_SIZE,
): Promise<number> {
  await flagStuckAttempts(deps);
  const recovered = await recoverOrphanedAttempts(deps, limit);
  const { rows } = await deps.db.execute<AttemptRow & { instance_id: number | null }>(sql`
    UPDATE payments SET reconciled_at = now()
    WHERE id IN (
      SELECT id FROM payments
      WHERE status IN ('created', 'pending') AND stuck_at IS NULL
        AND created_at <= now() - ${seconds(deps.reconcile.afterMinutes)}
        AND (reconciled_at IS NULL OR reconciled_at <= now() - ${seconds(deps.reconcile.againMinutes)})
      ORDER BY created_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING *`);
  for (const row of rows) {
    // Started before instance ids (migration 0690) or by an older server: its gateway round (three calls
    // of GATEWAY_TIMEOUT_MS) is over by now, so an attempt still `created` will never be continued.
    const abandoned = row.status === 'created' && row.instance_id === null;
    await askGateway(deps, toAttempt(row), 'reconciliation', abandoned);
  }
  return Math.max(recovered, rows.length);
}
