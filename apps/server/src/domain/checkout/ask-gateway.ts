import { sql } from 'drizzle-orm';
import { claimAbandoned, recordEvents, type StoredAttempt } from '../payments/payment-attempts.ts';
import { providerEvent, type GatewayStatus } from '../payments/payment-provider.ts';
import type { ReconcileDeps } from './reconcile-settings.ts';
import { settleAttempt } from './settle-attempt.ts';

/**
 * Asks an attempt's gateway what became of it and settles the answer through settleAttempt (a query:
 * nothing is charged). `abandoned`: no call of ours will continue it (its process died, or its start
 * returned without storing an answer; ADR 047), so the provider's `abandon` may answer, which counts an
 * entry never executed as failed, but only where no charging call can still be under way at the gateway
 * (claimAbandoned: no "exec sent" mark, or one older than twice the gateway time-out); otherwise its plain
 * `status` answers. Confirmed → reserved; failed or unknown to the gateway → declined (nothing charged,
 * the visitor may pay again); pending or no answer → left in flight with the answer recorded. Answers
 * what the gateway said, or null for no answer.
 */
export async function askGateway(
  deps: ReconcileDeps,
  attempt: StoredAttempt,
  source: 'reconciliation' | 'recovery' | 'checkout_retry',
  abandoned: boolean,
): Promise<GatewayStatus | null> {
  const provider = deps.payments.providerFor(attempt.method);
  if (!provider) return null;
  const asAbandoned =
    abandoned &&
    provider.abandon !== undefined &&
    (await claimAbandoned(deps.db, attempt.id, deps.reconcile.executionWindowMs));
  let status: GatewayStatus;
  try {
    status = asAbandoned ? await provider.abandon!(attempt) : await provider.status(attempt);
  } catch (error) {
    deps.log.error({ err: error, paymentId: attempt.id, source }, 'the gateway gave no answer');
    await recordEvents(deps.db, attempt.id, [providerEvent(source, { error: (error as Error).message })]);
    return null;
  }
  const events = [providerEvent(source, { status })];
  if (status === 'pending') {
    await recordEvents(deps.db, attempt.id, events);
    return status;
  }
  // not_found: the gateway never took the attempt (its start was lost before it arrived): nothing charged.
  const code = source === 'reconciliation' ? `reconciled_${status}` : `recovered_${status}`;
  await settleAttempt(
    deps,
    provider,
    attempt,
    status === 'confirmed'
      ? { kind: 'done', providerReference: null, events }
      : { kind: 'declined', providerReference: null, code, events },
  );
  if (asAbandoned && status !== 'confirmed') {
    // Declined on the judgement that it was never executed: asked once more a window later
    // (recheck-declined.ts), so a capture that came through after all is flagged rather than unseen.
    await deps.db.execute(sql`
      UPDATE payments
      SET recheck_at = now() + make_interval(secs => ${deps.reconcile.executionWindowMs / 1000})
      WHERE id = ${attempt.id} AND status = 'failed'`);
  }
  return status;
}
