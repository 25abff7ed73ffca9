import { sql } from 'drizzle-orm';
import { recordEvents, toAttempt, type AttemptRow } from '../payments/payment-attempts.ts';
import { providerEvent, type GatewayStatus } from '../payments/payment-provider.ts';
import type { ReconcileDeps } from './reconcile-settings.ts';
import { settleAttempt } from './settle-attempt.ts';

/**
 * Attempts declined as abandoned (ask-gateway.ts) are asked once more when their recheck_at comes, a
 * window after the decline (ADR 047). A trade found captured after all goes through settleAttempt, whose
 * conditional confirm refuses a declined attempt and flags the order `charged_after_decline` for staff to
 * refund. A gateway that does not answer is asked again every RECONCILE_AGAIN_MINUTES, until the attempt
 * is PAYMENT_STUCK_AFTER_HOURS old. Answers how many attempts it asked about.
 */
export async function recheckDeclinedAttempts(deps: ReconcileDeps, limit: number): Promise<number> {
  const { rows } = await deps.db.execute<AttemptRow>(sql`
    UPDATE payments SET recheck_at = NULL
    WHERE id IN (
      SELECT id FROM payments
      WHERE recheck_at <= now() AND status = 'failed'
      ORDER BY recheck_at
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
      deps.log.error({ err: error, paymentId: attempt.id }, 'the gateway gave no answer to a recheck');
      await recordEvents(deps.db, attempt.id, [
        providerEvent('recheck', { error: (error as Error).message }),
      ]);
      await deps.db.execute(sql`
        UPDATE payments
        SET recheck_at = now() + make_interval(secs => ${deps.reconcile.againMinutes * 60})
        WHERE id = ${attempt.id}
          AND created_at > now() - make_interval(secs => ${deps.reconcile.stuckAfterHours * 3600})`);
      continue;
    }
    await recordEvents(deps.db, attempt.id, [providerEvent('recheck', { status })]);
    if (status === 'confirmed') {
      await settleAttempt(deps, provider, attempt, { kind: 'done', providerReference: null, events: [] });
    }
  }
  return rows.length;
}
