import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { CallbackAnswer, PaymentFailure, PaymentFlow } from '@kippu/contract';
import { AppError } from '../../shared/app-error.ts';
import { attemptById, recordEvents, type StoredAttempt } from '../payments/payment-attempts.ts';
import { providerEvent, type CompleteOutcome } from '../payments/payment-provider.ts';
import type { PaymentRegistry } from '../payments/payment-registry.ts';
import { attemptAnswer, orderFlowSql } from './attempt-answer.ts';
import { settleAttempt, type SettleDeps } from './settle-attempt.ts';
import type { Row } from '../../db/generated/rows.ts';

export interface CompleteDeps extends SettleDeps {
  payments: PaymentRegistry;
}

/**
 * A gateway came back about an attempt (a browser return, a notification, the reconciliation worker):
 * asks the attempt's provider what became of it (`complete`, which queries the gateway: a browser's word
 * is never taken for payment) and settles the outcome through settleAttempt, so however many returns and
 * notifications arrive, in whatever order, the outcome is applied once. A settled attempt is left alone;
 * an unknown answer (gateway down, still waiting) leaves it in flight for the next caller.
 */
export async function completeAttempt(
  deps: CompleteDeps,
  attempt: StoredAttempt,
  callback: Record<string, string>,
  source: string,
  /** The gateway's own id for the payment when the return names it (Stripe's PaymentIntent). */
  providerReference: string | null = null,
): Promise<void> {
  if (attempt.status !== 'created' && attempt.status !== 'pending') return;
  const provider = deps.payments.providerFor(attempt.method);
  if (!provider) return;
  let outcome: CompleteOutcome;
  try {
    outcome = await provider.complete(attempt, callback);
  } catch (error) {
    deps.log.error({ err: error, paymentId: attempt.id, source }, 'gateway gave no answer on completion');
    await recordEvents(deps.db, attempt.id, [
      providerEvent(`${source}:complete`, { error: (error as Error).message }),
    ]);
    return;
  }
  const events = [providerEvent(source, {}), ...outcome.events];
  if (outcome.kind === 'pending') return recordEvents(deps.db, attempt.id, events);
  await settleAttempt(
    deps,
    provider,
    attempt,
    outcome.kind === 'done'
      ? { kind: 'done', providerReference, events }
      : { kind: 'declined', providerReference, code: outcome.code, events },
  );
}

type OrderOf = Pick<Row<'orders'>, 'order_token' | 'channel' | 'status'> & {
  lapsed: boolean;
  flow: PaymentFlow;
  /** Null: no change of date pays through this order (the LEFT JOINs found none). */
  time_change_token: Row<'time_changes'>['timechange_token'] | null;
  time_change_status: Row<'time_changes'>['status'] | null;
  old_reservation_token: Row<'reservations'>['reservation_token'] | null;
};

/**
 * The spec's failure answer (§8: can_retry, order_token, error, is_time_change, old_reservation_token,
 * time_change_token, sales_channel) for an attempt that did not end in a reservation. The visitor may
 * retry while the order still waits for payment (and, for a change of date's top-up, while the change is
 * pending): the time-change fields send them back to the change's payment page (spec §4).
 */
export async function paymentFailure(
  deps: Pick<CompleteDeps, 'db'>,
  attempt: StoredAttempt,
  error: AppError,
): Promise<AppError> {
  const { rows } = await deps.db.execute<OrderOf>(sql`
    SELECT o.order_token, o.channel, o.status, o.expires_at <= now() AS lapsed,
           ${orderFlowSql(sql.raw('o'))} AS flow, tc.timechange_token AS time_change_token, tc.status AS time_change_status,
           r.reservation_token AS old_reservation_token
    FROM orders o
    LEFT JOIN time_changes tc ON tc.order_id = o.id
    LEFT JOIN reservations r ON r.id = tc.reservation_id
    WHERE o.id = ${attempt.orderId}`);
  const order = rows[0]!;
  const isTimeChange = order.time_change_token !== null;
  const fields: Omit<PaymentFailure, 'error'> = {
    can_retry:
      order.status === 'ready_checkout' &&
      !order.lapsed &&
      error.code === 'payment_api_failure' &&
      (!isTimeChange || order.time_change_status === 'pending'),
    order_token: order.order_token,
    is_time_change: isTimeChange,
    old_reservation_token: order.old_reservation_token,
    time_change_token: order.time_change_token,
    sales_channel: order.channel,
    flow: order.flow,
  };
  // A refusal stays a refusal (402, ADR 100) with the retry fields added.
  return new AppError(error.code, error.message, fields, error.declined);
}

const POLL_MS = 200;

/**
 * The answer for the browser after a gateway's page: the reservation, or the failure with the spec's
 * fields. An outcome still being written (a concurrent return settling it) is waited for, bounded by
 * `waitMs`; an attempt still open after that (the gateway has not decided) answers payment_api_failure
 * without retry, as its money may still move.
 */
export async function answerAfterReturn(
  deps: Pick<CompleteDeps, 'db'>,
  attemptId: number,
  waitMs: number,
): Promise<CallbackAnswer> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const answer = await attemptAnswer(deps.db, attemptId);
    const attempt = (await attemptById(deps.db, attemptId))!;
    if (answer instanceof AppError) throw await paymentFailure(deps, attempt, answer);
    if (answer?.status === 'reserved') return answer;
    if (Date.now() >= deadline) {
      throw await paymentFailure(
        deps,
        attempt,
        new AppError('payment_api_failure', 'the payment is not settled yet'),
      );
    }
    await sleep(POLL_MS);
  }
}
