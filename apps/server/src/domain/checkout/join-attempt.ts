import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { CheckoutResponse } from '@kippu/contract';
import { AppError } from '../../shared/app-error.ts';
import { instanceAlive } from '../payments/instance-lock.ts';
import { toAttempt, type AttemptRow } from '../payments/payment-attempts.ts';
import { askGateway } from './ask-gateway.ts';
import { attemptAnswer } from './attempt-answer.ts';
import type { ReconcileDeps } from './reconcile-payments.ts';

/**
 * How long a repeated checkout sees the process of the attempt it joined without its lock before it asks
 * the gateway itself (ADR 047): a live process whose lock connection was cut takes it back within a
 * second, and an ExecTran the dead process had sent has long finished at the gateway. Well inside the 15 s
 * the issue gives for the answer.
 */
export const ORPHAN_CONFIRM_MS = 5_000;

const FIRST_POLL_MS = 50;
const MAX_POLL_MS = 500;

type Row = AttemptRow & { orphaned: boolean };

/**
 * A checkout repeated while the order's attempt is in flight (a retry, a double click, a second tab):
 * waits for that attempt's answer, bounded by `waitMs`, as the first call gives it. When the attempt is
 * stranded it does not wait for a process that will never answer: still `created` with its process dead
 * (no instance lock) for ORPHAN_CONFIRM_MS, or `pending` with the gateway's answer lost, the gateway is
 * asked at once and its outcome settled, so the visitor gets the reservation when the card was charged
 * and the ordinary decline when it was not (never a failure for a charged payment).
 */
export async function answerJoinedAttempt(
  deps: ReconcileDeps,
  paymentId: number,
  waitMs: number,
): Promise<CheckoutResponse> {
  const deadline = Date.now() + waitMs;
  let orphanSeenAt: number | undefined;
  let asked = false;
  for (let delay = FIRST_POLL_MS; ; delay = Math.min(delay * 2, MAX_POLL_MS)) {
    if (!asked) {
      const { rows } = await deps.db.execute<Row>(sql`
        SELECT *, instance_id IS NOT NULL AND NOT ${instanceAlive(sql`payments.instance_id`)} AS orphaned
        FROM payments WHERE id = ${paymentId}`);
      const row = rows[0]!;
      const lostAnswer = row.status === 'pending' && row.redirect_url === null;
      const orphaned = row.status === 'created' && row.orphaned;
      orphanSeenAt = orphaned ? (orphanSeenAt ?? Date.now()) : undefined;
      if (lostAnswer || (orphanSeenAt !== undefined && Date.now() - orphanSeenAt >= ORPHAN_CONFIRM_MS)) {
        asked = true;
        await askGateway(deps, toAttempt(row), 'checkout_retry', orphaned);
        const settled = await attemptAnswer(deps.db, paymentId);
        if (settled instanceof AppError) throw settled;
        if (settled) return settled;
        // The gateway itself does not know yet: the money may still move, so no second attempt may start.
        throw new AppError('payment_api_failure', 'the stranded attempt is still undecided at the gateway');
      }
    }
    const answer = await attemptAnswer(deps.db, paymentId);
    if (answer instanceof AppError) throw answer;
    if (answer) return answer;
    if (Date.now() >= deadline)
      throw new AppError('payment_api_failure', 'the attempt in flight did not finish in time');
    await sleep(orphanSeenAt === undefined ? delay : Math.min(delay, 250));
  }
}
