import { sql } from 'drizzle-orm';
import type { LangCode } from '@kippu/contract';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { orderById, transitionOrders } from '../orders/order-state.ts';
import {
  markConfirmed,
  markFailed,
  markPending,
  markRefundFailed,
  markRefunded,
  type StoredAttempt,
} from '../payments/payment-attempts.ts';
import {
  providerEvent,
  type PaymentProvider,
  type ProviderEvent,
  type RefundOutcome,
  type StartOutcome,
} from '../payments/payment-provider.ts';
import { recordMailMagazineChoice } from '../mail-magazines/record-mail-magazine-choice.ts';
import { createReservation } from '../tickets/create-reservation.ts';
import { sellHeldStock } from '../stock/sell-held-stock.ts';
import { completeTimeChange } from '../time-changes/complete-time-change.ts';
import { changeOfOrder } from '../time-changes/time-change-store.ts';
import { queuePurchaseConfirmation } from './purchase-mail.ts';

/** What became of a gateway call: the provider's answer, or nobody knows yet (asked later). */
export type AttemptOutcome = StartOutcome | { kind: 'unknown'; events: ProviderEvent[] };

export interface SettleDeps {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>;
  log: { error(details: object, message: string): void };
}

/**
 * Records the outcome of an attempt (ADR 017). The one place a payment's result changes the order, used
 * by checkout now and by the gateways' returns and notifications later (a callback maps its answer to
 * an AttemptOutcome): each write is conditional on the attempt still being in flight, so an outcome that
 * arrives twice is applied once.
 */
export async function settleAttempt(
  deps: SettleDeps,
  provider: PaymentProvider,
  attempt: StoredAttempt,
  outcome: AttemptOutcome,
): Promise<void> {
  switch (outcome.kind) {
    case 'done':
      return reserveOrRefund(deps, provider, attempt, outcome.providerReference, outcome.events);
    case 'declined':
      await deps.db.transaction(async (tx) => {
        if (!(await markFailed(tx, attempt.id, outcome.code, outcome.providerReference, outcome.events)))
          return;
        // The visitor may pay again (the hold still runs); an order the sweeper expired stays expired.
        await transitionOrders(tx, {
          orders: orderById(attempt.orderId),
          to: 'ready_checkout',
          reason: 'payment_failed',
        });
      });
      return;
    case 'redirect':
    case 'challenge':
      await deps.db.transaction((tx) =>
        markPending(tx, attempt.id, outcome.providerReference, outcome.redirectUrl, outcome.events),
      );
      return;
    case 'unknown':
      // The order stays paying: the gateway may still take the money, so no second attempt may start.
      await deps.db.transaction((tx) => markPending(tx, attempt.id, null, null, outcome.events));
      return;
  }
}

/**
 * The money is taken. In ONE transaction: the payment is confirmed, the order moves paying → reserved,
 * its held stock becomes sold, the reservation and its tickets are created and the confirmation mail is
 * queued; for a change of date's order, the change completes instead (completeTimeChange, ADR 029). If the order is no longer paying (the sweeper expired it after the grace period), the payment is
 * confirmed alone and then refunded through the provider; a refund that fails is recorded for staff.
 */
async function reserveOrRefund(
  deps: SettleDeps,
  provider: PaymentProvider,
  attempt: StoredAttempt,
  reference: string | null,
  events: ProviderEvent[],
): Promise<void> {
  const settled = await deps.db.transaction(async (tx) => {
    if (!(await markConfirmed(tx, attempt.id, reference, events))) {
      // Charged, yet the attempt was declined already: only a wrong judgement that it was never executed
      // can do that (ADR 047). The money is taken and nothing booked: staff must refund it.
      const { rows } = await tx.execute(sql`
        UPDATE orders SET staff_attention_reason = COALESCE(staff_attention_reason, 'charged_after_decline'),
                          staff_attention_at = COALESCE(staff_attention_at, now())
        WHERE id = (SELECT order_id FROM payments WHERE id = ${attempt.id} AND status = 'failed')
        RETURNING id`);
      if (rows.length > 0)
        deps.log.error({ paymentId: attempt.id }, 'a declined payment was charged: staff must refund it');
      return 'already_settled';
    }
    // A change of date's top-up (ADR 029): a change that is no longer pending cannot complete; refunded.
    const change = await changeOfOrder(tx, attempt.orderId);
    if (change && change.status !== 'pending') return 'order_gone';
    const moved = await transitionOrders(tx, {
      orders: orderById(attempt.orderId),
      to: 'reserved',
      reason: 'payment_confirmed',
    });
    const order = moved[0];
    if (!order) return 'order_gone';
    if (change) {
      await completeTimeChange(tx, deps.env, change, order, attempt.amount);
      return 'reserved';
    }
    await sellHeldStock(tx, moved);
    // The reservation keeps the visitor's language and the e-mail address of the order form.
    const { rows } = await tx.execute<{ lang: LangCode; email: string | null }>(sql`
      SELECT lang, (SELECT field ->> 'value' FROM jsonb_array_elements(customer_info) AS field
                    WHERE field ->> 'key' = 'email' LIMIT 1) AS email
      FROM orders WHERE id = ${order.id}`);
    const reservation = await createReservation(tx, {
      id: order.id,
      siteCode: attempt.siteCode,
      email: rows[0]!.email ?? '',
      lang: rows[0]!.lang,
    });
    // Before the mail: the mail carries the subscription's unsubscribe link.
    await recordMailMagazineChoice(tx, reservation.id);
    await queuePurchaseConfirmation(tx, deps.env, reservation.id, attempt.amount);
    return 'reserved';
  });
  if (settled !== 'order_gone') return;

  let refund: RefundOutcome;
  try {
    refund = await provider.refund(attempt);
  } catch (error) {
    refund = {
      ok: false,
      code: 'gateway_unavailable',
      events: [providerEvent('refund', { error: (error as Error).message })],
    };
  }
  await deps.db.transaction(async (tx) => {
    if (refund.ok) return markRefunded(tx, attempt.id, refund.events);
    await markRefundFailed(tx, attempt.id, refund.events);
    // The order is flagged for staff (ADR 026): its money is taken and neither booked nor given back.
    await tx.execute(sql`
      UPDATE orders SET staff_attention_reason = ${`refund_failed:${refund.code}`},
                        staff_attention_at = COALESCE(staff_attention_at, now())
      WHERE id = ${attempt.orderId}`);
    return true;
  });
  if (!refund.ok) {
    deps.log.error(
      { paymentId: attempt.id, orderId: attempt.orderId, code: refund.code },
      'refund of a payment whose order expired failed: staff must refund it by hand',
    );
  }
}
