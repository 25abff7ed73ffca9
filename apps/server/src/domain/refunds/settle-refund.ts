import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { flagForStaff } from '../orders/order-row.ts';
import { orderById } from '../orders/order-state.ts';
import { attemptById } from '../payments/payment-attempts.ts';
import {
  GatewayUnavailableError,
  type ProviderEvent,
  type RefundOutcome,
} from '../payments/payment-provider.ts';
import type { RefundDeps, RefundStatus } from './refund-types.ts';

type PartStatus = 'succeeded' | 'failed' | 'manual';

/** How long a call may still be in flight: three gateway time-outs (a part may make two calls, ADR 077). */
export const claimSeconds = (deps: RefundDeps) => (3 * deps.env.GATEWAY_TIMEOUT_MS) / 1000;

/** What one payment's refund call answered; undefined when the answer is unknown (time-out). */
async function askGateway(
  db: Db,
  deps: RefundDeps,
  part: { payment_id: string; amount: string; refund_key: string },
): Promise<(RefundOutcome & { status: PartStatus }) | undefined> {
  const attempt = await attemptById(db, Number(part.payment_id));
  const provider = attempt && deps.payments.providerFor(attempt.method);
  if (!attempt || !provider) return { kind: 'failed', code: 'no_provider', events: [], status: 'failed' };
  try {
    const outcome = await provider.refund(attempt, {
      amount: Number(part.amount),
      refundKey: part.refund_key,
    });
    const status: PartStatus =
      outcome.kind === 'refunded' ? 'succeeded' : outcome.kind === 'failed' ? 'failed' : 'manual';
    return { ...outcome, status };
  } catch (error) {
    // Unknown: the gateway may have refunded. Asked again with the same key by the reconciliation job.
    if (error instanceof GatewayUnavailableError) return undefined;
    throw error;
  }
}

/**
 * Asks the gateway for every payment part of a `requested` refund still unanswered, OUTSIDE any transaction
 * (as checkout does), and stores each answer once (a conditional update on the part's status). When every
 * part is answered the refund settles: succeeded, failed (staff record a manual refund) or manual (the
 * method cannot give money back itself). A part whose answer is unknown stays requested: the reconciliation
 * job asks again with the same key, which the gateway never refunds twice. Answers the refund's status.
 */
export async function settleRefund(
  db: Db,
  deps: RefundDeps,
  refundId: number,
): Promise<RefundStatus | undefined> {
  const { rows: parts } = await db.execute<{ payment_id: string; amount: string; refund_key: string }>(sql`
    SELECT rp.payment_id, rp.amount, rp.refund_key FROM refund_payments rp JOIN refunds f ON f.id = rp.refund_id
    WHERE rp.refund_id = ${refundId} AND rp.status = 'requested' AND f.status = 'requested'
    ORDER BY rp.payment_id DESC`);
  const events: ProviderEvent[] = [];
  for (const part of parts) {
    // Claim the part before calling (review finding 3): a part another process is asking (its claim not yet
    // expired) is left alone, so two calls with the same key are never in flight at once. An unknown answer
    // keeps the claim: the part is asked again only after 3 × GATEWAY_TIMEOUT_MS, as payments reconcile.
    const { rows: claimed } = await db.execute(sql`
      UPDATE refund_payments SET claimed_until = now() + make_interval(secs => ${claimSeconds(deps)})
      WHERE refund_id = ${refundId} AND payment_id = ${Number(part.payment_id)} AND status = 'requested'
        AND (claimed_until IS NULL OR claimed_until <= now())
      RETURNING payment_id`);
    if (claimed.length === 0) continue;
    const outcome = await askGateway(db, deps, part);
    await db.execute(
      sql`UPDATE refunds SET attempts = attempts + 1, updated_at = now() WHERE id = ${refundId}`,
    );
    if (!outcome) continue;
    events.push(...outcome.events);
    await db.execute(sql`
      UPDATE refund_payments SET status = ${outcome.status}, completed_at = now(),
             provider_reference = ${outcome.kind === 'refunded' ? outcome.providerReference : null},
             failure_code = ${outcome.kind === 'failed' ? outcome.code : null}
      WHERE refund_id = ${refundId} AND payment_id = ${Number(part.payment_id)} AND status = 'requested'`);
  }
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ status: RefundStatus; site_code: string; order_id: string }>(sql`
      SELECT status, site_code, order_id FROM refunds WHERE id = ${refundId} FOR UPDATE`);
    const refund = rows[0];
    if (!refund) return undefined;
    if (events.length > 0)
      await tx.execute(sql`
        UPDATE refunds SET provider_events = provider_events || ${JSON.stringify(events)}::jsonb WHERE id = ${refundId}`);
    if (refund.status !== 'requested') return refund.status;
    const { rows: answered } = await tx.execute<{ status: string; failure_code: string | null }>(sql`
      SELECT status, failure_code FROM refund_payments WHERE refund_id = ${refundId}`);
    if (answered.some((part) => part.status === 'requested')) return 'requested';
    const failed = answered.find((part) => part.status === 'failed');
    const status: RefundStatus = failed
      ? 'failed'
      : answered.some((part) => part.status === 'manual')
        ? 'manual'
        : 'succeeded';
    await tx.execute(sql`
      UPDATE refunds SET status = ${status}, failure_code = ${failed?.failure_code ?? null}, updated_at = now(),
             completed_at = CASE WHEN ${status} = 'succeeded' THEN now() ELSE NULL END
      WHERE id = ${refundId} AND status = 'requested'`);
    // Money still owed needs a person (review finding 11): a refused refund, or one the method cannot give
    // back itself (manual, not yet recorded), flags the order as checkout's refused refund does, so the
    // dashboard's "payments that need a look" shows it, also on the system's paths (moves, the job).
    if (status !== 'succeeded')
      await flagForStaff(
        tx,
        orderById(Number(refund.order_id)),
        status === 'failed' ? `refund_failed:${failed?.failure_code ?? 'unknown'}` : 'refund_manual',
        true,
      );
    await recordAudit(tx, {
      actor: { kind: 'system', label: 'refunds' },
      siteCode: refund.site_code,
      objectType: 'refund',
      objectId: String(refundId),
      action: `refund_${status}`,
      before: { status: 'requested' },
      after: { status, order_id: Number(refund.order_id), failure_code: failed?.failure_code ?? null },
    });
    return status;
  });
}

/**
 * The reconciliation round (ADR 057): refunds left `requested` (the gateway's answer was lost, or the
 * process stopped before asking) for at least `olderThanSeconds` (by default 3 × GATEWAY_TIMEOUT_MS, as the
 * payment reconciler waits), with a part nobody has claimed, are asked again. Answers how many settled.
 */
export async function retryRequestedRefunds(
  db: Db,
  deps: RefundDeps,
  { olderThanSeconds = claimSeconds(deps), limit = 20 }: { olderThanSeconds?: number; limit?: number } = {},
): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT f.id FROM refunds f
    WHERE f.status = 'requested' AND f.updated_at <= now() - make_interval(secs => ${olderThanSeconds})
      AND EXISTS (SELECT 1 FROM refund_payments rp WHERE rp.refund_id = f.id AND rp.status = 'requested'
                  AND (rp.claimed_until IS NULL OR rp.claimed_until <= now()))
    ORDER BY f.updated_at, f.id LIMIT ${limit}`);
  let settled = 0;
  for (const row of rows) {
    const status = await settleRefund(db, deps, Number(row.id));
    if (status && status !== 'requested') settled += 1;
  }
  return settled;
}
