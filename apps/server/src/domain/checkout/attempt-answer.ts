import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { CallbackAnswer, PaymentFlow } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { Row } from '../../db/generated/rows.ts';
import { AppError, paymentDeclined } from '../../shared/app-error.ts';
import { CONFIGURATION_FAILURES } from '../payments/payment-provider.ts';
import { orderKindSql } from '../orders/order-lock.ts';
import { isTimedOut } from '../orders/order-state.ts';

/**
 * The flow a payment belongs to (ADR 059), from its order `o`'s kind (ADR 061): a change of date's top-up
 * (the order is the change's temporary order), the spot channel's, or an ordinary booking. The callback
 * answers name it.
 */
export const orderFlowSql = (order: ReturnType<typeof sql.raw>) => sql`
  CASE ${orderKindSql(order)} WHEN 'change' THEN 'change_date' WHEN 'spot' THEN 'spot' ELSE 'booking' END`;

/** The flow of the order `orderId`'s payments. */
export async function orderFlow(executor: Pick<Db, 'execute'> | Tx, orderId: number): Promise<PaymentFlow> {
  const { rows } = await executor.execute<{ flow: PaymentFlow }>(
    sql`SELECT ${orderFlowSql(sql.raw('o'))} AS flow FROM orders o WHERE o.id = ${orderId}`,
  );
  return rows[0]!.flow;
}

type AnswerRow = Pick<Row<'payments'>, 'status' | 'redirect_url' | 'payment_number' | 'failure_code'> & {
  flow: PaymentFlow;
  refund_failed: boolean;
  order_status: Row<'orders'>['status'];
  lapsed: boolean;
  /** Null until the attempt's reservation exists (LEFT JOIN). */
  reservation_token: Row<'reservations'>['reservation_token'] | null;
  reservation_number: Row<'reservations'>['reservation_number'] | null;
};

/**
 * What checkout answers for an attempt, read from the database alone, so the call that made the attempt
 * and every repeated call that waited for it give the same answer: the reservation, where the browser
 * must go, or the error. Null while the attempt's outcome is still being written (keep waiting).
 */
export async function attemptAnswer(db: Db, paymentId: number): Promise<CallbackAnswer | AppError | null> {
  const { rows } = await db.execute<AnswerRow>(sql`
    SELECT p.status, p.redirect_url, p.payment_number, p.failure_code, p.refund_failed_at IS NOT NULL AS refund_failed,
           ${orderFlowSql(sql.raw('o'))} AS flow,
           o.status AS order_status, o.expires_at <= now() AS lapsed,
           r.reservation_token, r.reservation_number
    FROM payments p
    JOIN orders o ON o.id = p.order_id
    LEFT JOIN reservations r ON r.order_id = o.id
    WHERE p.id = ${paymentId}`);
  const row = rows[0]!;
  switch (row.status) {
    case 'created':
      return null;
    case 'confirmed':
      if (row.reservation_token && row.reservation_number) {
        return {
          status: 'reserved',
          reservation_token: row.reservation_token,
          reservation_number: row.reservation_number,
          flow: row.flow,
        };
      }
      // Paid for an order that expired meanwhile: refunded next, or staff must refund it.
      return row.refund_failed ? new AppError('critical_refund_error') : null;
    case 'refunded':
      return new AppError('session_timeout');
    case 'failed':
    case 'canceled':
      if (isTimedOut(row.order_status, row.lapsed)) return new AppError('session_timeout');
      // Refused by the gateway (declined card, failed 3-D Secure, cancelled on its page): 402, the visitor
      // may pay again; a method the site never configured is our fault and keeps the 502 (ADR 100).
      return row.failure_code !== null && CONFIGURATION_FAILURES.has(row.failure_code)
        ? new AppError('payment_api_failure', `not configured: ${row.failure_code}`)
        : paymentDeclined();
    case 'pending':
      return row.redirect_url
        ? {
            status: 'redirect',
            redirect_url: row.redirect_url,
            payment_number: row.payment_number,
            flow: row.flow,
          }
        : // The gateway's answer got lost and its status is not final: the visitor is told the payment
          // did not go through for now; the order stays paying until the attempt is resolved.
          new AppError('payment_api_failure');
  }
}

/** A call that finds an attempt in flight polls it with this backoff (ms). */
const FIRST_POLL_MS = 50;
const MAX_POLL_MS = 500;

/**
 * Run before each poll of waitForAttemptAnswer (join-attempt.ts: asking the gateway for a stranded
 * attempt). Answers true once the attempt's outcome is as settled as it will get: the next answer is final,
 * and an attempt still undecided then answers payment_api_failure at once instead of being waited for.
 */
export type BeforePoll = () => Promise<boolean>;

/**
 * The attempt's answer once its outcome is written, waiting for it (bounded by `waitMs`): checkout's
 * repeated calls and confirmcheckout both answer this way, so every caller of one attempt gets one answer.
 */
export async function waitForAttemptAnswer(
  db: Db,
  paymentId: number,
  waitMs: number,
  beforePoll?: BeforePoll,
): Promise<CallbackAnswer> {
  const deadline = Date.now() + waitMs;
  for (let delay = FIRST_POLL_MS; ; delay = Math.min(delay * 2, MAX_POLL_MS)) {
    const final = beforePoll ? await beforePoll() : false;
    const answer = await attemptAnswer(db, paymentId);
    if (answer instanceof AppError) throw answer;
    if (answer) return answer;
    // The gateway itself does not know yet: the money may still move, so no second attempt may start.
    if (final) throw new AppError('payment_api_failure', 'the attempt is still undecided at the gateway');
    if (Date.now() >= deadline)
      throw new AppError('payment_api_failure', 'the attempt in flight did not finish in time');
    await sleep(delay);
  }
}
