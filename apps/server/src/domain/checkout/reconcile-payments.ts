import { sql } from 'drizzle-orm';
import { recordEvents, toAttempt, type AttemptRow } from '../payments/payment-attempts.ts';
import { providerEvent, type GatewayStatus } from '../payments/payment-provider.ts';
import type { CompleteDeps } from './complete-attempt.ts';
import { settleAttempt } from './settle-attempt.ts';

/**
 * An attempt still in flight this long after it began is asked about: longer than any checkout's own
 * gateway round (three calls of GATEWAY_TIMEOUT_MS's 60 s), shorter than a hold, so a payment whose return
 * and notification were both lost is settled while its order still waits (ADR 026).
 */
export const RECONCILE_AFTER_MINUTES = 5;
/** The same attempt is asked again at most this often while the gateway says it is still pending. */
export const RECONCILE_AGAIN_MINUTES = 2;
export const RECONCILE_BATCH_SIZE = 20;

/**
 * One reconciliation round: claims up to `limit` attempts in flight past RECONCILE_AFTER_MINUTES (SKIP LOCKED,
 * so processes share the work), asks each one's gateway (`status`, a query: nothing is charged) and settles
 * what it says through settleAttempt, which applies an outcome once even when a return or notification lands
 * at the same moment. An unanswered or still-pending attempt is left in flight with the answer recorded.
 * Answers how many attempts it asked about.
 */
export async function reconcilePendingAttempts(
  deps: CompleteDeps,
  limit = RECONCILE_BATCH_SIZE,
): Promise<number> {
  const { rows } = await deps.db.execute<AttemptRow>(sql`
    UPDATE payments SET reconciled_at = now()
    WHERE id IN (
      SELECT id FROM payments
      WHERE status IN ('created', 'pending')
        AND created_at <= now() - make_interval(mins => ${RECONCILE_AFTER_MINUTES})
        AND (reconciled_at IS NULL OR reconciled_at <= now() - make_interval(mins => ${RECONCILE_AGAIN_MINUTES}))
      ORDER BY created_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING *`);
  for (const row of rows) {
    const attempt = toAttempt(row);
    const provider = deps.payments.providerFor(attempt.method);
    if (!provider) continue;
    let status: GatewayStatus;
    try {
      status = await provider.status(attempt);
    } catch (error) {
      deps.log.error({ err: error, paymentId: attempt.id }, 'reconciliation: the gateway gave no answer');
      await recordEvents(deps.db, attempt.id, [
        providerEvent('reconciliation', { error: (error as Error).message }),
      ]);
      continue;
    }
    const events = [providerEvent('reconciliation', { status })];
    if (status === 'pending') {
      await recordEvents(deps.db, attempt.id, events);
      continue;
    }
    // not_found: the gateway never took the attempt (its start was lost before it arrived): nothing charged.
    await settleAttempt(
      deps,
      provider,
      attempt,
      status === 'confirmed'
        ? { kind: 'done', providerReference: null, events }
        : { kind: 'declined', providerReference: null, code: `reconciled_${status}`, events },
    );
  }
  return rows.length;
}
