import { sql } from 'drizzle-orm';
import type { CallbackAnswer } from '@kippu/contract';
import { instanceAlive } from '../../jobs/instance-lock.ts';
import { toAttempt, type AttemptRow } from '../payments/payment-attempts.ts';
import { askGateway } from './ask-gateway.ts';
import { waitForAttemptAnswer } from './attempt-answer.ts';
import type { ReconcileDeps } from './reconcile-settings.ts';
import { runningAttempts } from './running-attempts.ts';
import type { Row } from '../../db/generated/rows.ts';

/**
 * How long a repeated checkout sees the process of the attempt it joined without its lock before it asks
 * the gateway itself (ADR 047): a live process whose lock connection was cut takes it back within a
 * second. Well inside the 15 s the issue gives for the answer.
 */
export const ORPHAN_CONFIRM_MS = 5_000;

/**
 * Repeated checkouts ask the gateway about one attempt at most this often (a visitor clicking again and
 * again must not become a SearchTrade and a provider_events row per click).
 */
export const JOIN_ASK_EVERY_MS = 10_000;

type JoinedRow = AttemptRow & Pick<Row<'payments'>, 'instance_id'> & { orphaned: boolean };

/**
 * A checkout repeated while the order's attempt is in flight (a retry, a double click, a second tab):
 * waits for that attempt's answer, bounded by `waitMs`, as the first call gives it. When the attempt is
 * stranded it does not wait for a call that will never answer, but asks the gateway at once and settles
 * its outcome, so the visitor gets the reservation when the card was charged and the ordinary decline
 * when it was not (never a failure for a charged payment). Stranded: still `created` while no call of
 * ours runs it (its process dead, i.e. without its instance lock, for ORPHAN_CONFIRM_MS; or this very
 * process, whose call is over: storing its outcome failed), or `pending` with the gateway's answer lost.
 */
export async function answerJoinedAttempt(
  deps: ReconcileDeps & { instanceId: number | null },
  paymentId: number,
  waitMs: number,
): Promise<CallbackAnswer> {
  let orphanSeenAt: number | undefined;
  return waitForAttemptAnswer(deps.db, paymentId, waitMs, async () => {
    const { rows } = await deps.db.execute<JoinedRow>(sql`
      SELECT *, instance_id IS NOT NULL AND NOT ${instanceAlive(sql`payments.instance_id`)} AS orphaned
      FROM payments WHERE id = ${paymentId}`);
    const row = rows[0]!;
    const lostAnswer = row.status === 'pending' && row.redirect_url === null;
    const created = row.status === 'created';
    const callOver =
      created &&
      deps.instanceId !== null &&
      row.instance_id === deps.instanceId &&
      !runningAttempts.has(paymentId);
    orphanSeenAt = created && row.orphaned ? (orphanSeenAt ?? Date.now()) : undefined;
    const orphaned = orphanSeenAt !== undefined && Date.now() - orphanSeenAt >= ORPHAN_CONFIRM_MS;
    if (!lostAnswer && !callOver && !orphaned) return false;
    // One ask per JOIN_ASK_EVERY_MS whoever repeats (stamped like a reconciliation round, so the
    // reconciler does not ask again right after); a repeat inside it answers what is known now.
    const { rows: claimed } = await deps.db.execute(sql`
      UPDATE payments SET reconciled_at = now()
      WHERE id = ${paymentId} AND status IN ('created', 'pending')
        AND (reconciled_at IS NULL OR reconciled_at <= now() - make_interval(secs => ${JOIN_ASK_EVERY_MS / 1000}))
      RETURNING id`);
    if (claimed.length === 1) await askGateway(deps, toAttempt(row), 'checkout_retry', true);
    return true;
  });
}
