import { sql } from 'drizzle-orm';
import { instanceAlive } from '../../jobs/instance-lock.ts';
import { flagForStaffSql } from '../orders/order-row.ts';
import { toAttempt, type AttemptRow } from '../payments/payment-attempts.ts';
import type { GatewayStatus } from '../payments/payment-provider.ts';
import { askGateway } from './ask-gateway.ts';
import type { ReconcileDeps } from './reconcile-settings.ts';
import { recheckDeclinedAttempts } from './recheck-declined.ts';
import type { Row } from '../../db/generated/rows.ts';

export const RECONCILE_BATCH_SIZE = 20;

const seconds = (minutes: number) => sql`make_interval(secs => ${minutes * 60})`;
const alive = instanceAlive(sql`payments.instance_id`);

/** What a round did: attempts asked about, and how many of them the gateway's answer settled. */
export interface RoundCount {
  asked: number;
  settled: number;
}

const settledBy = (status: GatewayStatus | null) => status !== null && status !== 'pending';

async function askEach(
  deps: ReconcileDeps,
  rows: (AttemptRow & { instance_id?: number | null })[],
  source: 'reconciliation' | 'recovery',
  abandoned: (row: AttemptRow & { instance_id?: number | null }) => boolean,
  signal?: AbortSignal,
): Promise<RoundCount> {
  let settled = 0;
  for (const row of rows) {
    // The job's instance lock was cut: another process may run the round now, so stop between attempts
    // (the rest, stamped, are asked again RECONCILE_AGAIN_MINUTES later).
    signal?.throwIfAborted();
    if (settledBy(await askGateway(deps, toAttempt(row), source, abandoned(row)))) settled += 1;
  }
  return { asked: rows.length, settled };
}

/**
 * Attempts left `created` by a process that died (ADR 047): its lock is gone from pg_locks. A first
 * sighting is only stamped (orphaned_at); one interval later, if the process still holds no lock, the
 * attempt is claimed (SKIP LOCKED) and its gateway asked as abandoned. The wait lets a live process whose
 * lock connection was merely cut take its lock back. An orphan the gateway still calls pending (or does not
 * answer about) is asked again only every RECONCILE_AGAIN_MINUTES, and once more as soon as its "exec sent"
 * window is over (then an unprocessed trade may be read as never executed).
 */
export async function recoverOrphanedAttempts(
  deps: ReconcileDeps,
  limit = RECONCILE_BATCH_SIZE,
  signal?: AbortSignal,
): Promise<RoundCount> {
  const windowEnd = sql`exec_sent_at + make_interval(secs => ${deps.reconcile.executionWindowMs / 1000})`;
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
        AND (reconciled_at IS NULL OR reconciled_at <= now() - ${seconds(deps.reconcile.againMinutes)}
             OR (reconciled_at < ${windowEnd} AND now() >= ${windowEnd}))
        AND NOT ${alive}
      ORDER BY orphaned_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING *`);
  return askEach(deps, rows, 'recovery', () => true, signal);
}

/**
 * Attempts the gateway kept calling pending (or never answered about) for PAYMENT_STUCK_AFTER_HOURS are
 * no longer asked about: stuck_at is set and the order flagged for staff (`npm run stuck-payments` lists
 * them). Their money may still move; staff settle them with the gateway's console.
 */
export async function flagStuckAttempts(deps: ReconcileDeps): Promise<number> {
  const { rows } = await deps.db.execute<Pick<Row<'payments'>, 'id' | 'order_id'>>(sql`
    WITH stuck AS (
      UPDATE payments SET stuck_at = now()
      WHERE status IN ('created', 'pending') AND stuck_at IS NULL
        AND created_at <= now() - make_interval(secs => ${deps.reconcile.stuckAfterHours * 3600})
      RETURNING id, order_id),
    flagged AS (${flagForStaffSql(sql`SELECT order_id FROM stuck`, 'payment_unresolved')})
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
 * attempts in flight past afterMinutes (SKIP LOCKED, so processes share the work; orphans are left to the
 * step above), whose gateway is asked and the answer settled through settleAttempt, which applies an
 * outcome once even when a return or notification lands at the same moment; then the declines due for a
 * recheck. Stuck attempts are flagged and left alone. Answers the sum of what the steps asked and settled.
 * An aborted `signal` (the job's instance lock was cut) stops the round between attempts with its reason.
 */
export async function reconcilePendingAttempts(
  deps: ReconcileDeps,
  limit = RECONCILE_BATCH_SIZE,
  signal?: AbortSignal,
): Promise<RoundCount> {
  await flagStuckAttempts(deps);
  const recovered = await recoverOrphanedAttempts(deps, limit, signal);
  signal?.throwIfAborted();
  const { rows } = await deps.db.execute<AttemptRow & Pick<Row<'payments'>, 'instance_id'>>(sql`
    UPDATE payments SET reconciled_at = now()
    WHERE id IN (
      SELECT id FROM payments
      WHERE status IN ('created', 'pending') AND stuck_at IS NULL
        -- Orphans are the recovery step's; one that its live process then moved to pending (its lock was
        -- only cut) is not, and recovery takes only created ones: the ordinary round asks it.
        AND (orphaned_at IS NULL OR status = 'pending')
        AND created_at <= now() - ${seconds(deps.reconcile.afterMinutes)}
        AND (reconciled_at IS NULL OR reconciled_at <= now() - ${seconds(deps.reconcile.againMinutes)})
      ORDER BY created_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING *`);
  // Nothing of ours continues: an attempt still `created` without an instance id (started before migration
  // 0690 or by an older server; its gateway round of three GATEWAY_TIMEOUT_MS calls is over by now), or one
  // `pending` with the gateway's answer lost (its start returned). askGateway still reads it as abandoned
  // only where no charging call can be under way.
  const reconciled = await askEach(
    deps,
    rows,
    'reconciliation',
    (row) =>
      (row.status === 'created' && row.instance_id === null) ||
      (row.status === 'pending' && row.redirect_url === null),
    signal,
  );
  signal?.throwIfAborted();
  const rechecked = await recheckDeclinedAttempts(deps, limit);
  return {
    asked: recovered.asked + reconciled.asked + rechecked,
    settled: recovered.settled + reconciled.settled,
  };
}
