import { sql } from 'drizzle-orm';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { orderById, transitionOrders } from '../orders/order-state.ts';
import { flagForStaff, orderForReservation } from '../orders/order-row.ts';
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
import { announceOrderPaid, type Fulfil, type OrderPaidListeners } from '../orders/order-paid.ts';
import { createReservation } from '../tickets/create-reservation.ts';
import { sellHeldStock } from '../stock/sell-held-stock.ts';

/** What became of a gateway call: the provider's answer, or nobody knows yet (asked later). */
export type AttemptOutcome = StartOutcome | { kind: 'unknown'; events: ProviderEvent[] };

export interface SettleDeps {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>;
  log: { error(details: object, message: string): void };
  /** Who hears "order paid" (ADR 058): wired at the composition root (order-paid-listeners.ts). */
  orderPaid: OrderPaidListeners;
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
 * its held stock becomes sold and the reservation and its tickets are created, or a fulfilment of the
 * order's own kind takes it instead (a change of date completes, ADR 029); then "order paid" is announced
 * (ADR 058): its in-transaction listeners (the mail-magazine choice, the confirmation mail) run and its
 * after-commit listeners are queued as jobs. If the order is no longer paying (the sweeper expired it after
 * the grace period) or its fulfilment refuses it, the payment is confirmed alone and then refunded through
 * the provider; a refund that fails is recorded for staff. A change of date's order that no fulfilment
 * claims is refunded the same way (and logged as an error): it is never booked as a new reservation.
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
      const flagged = await flagForStaff(
        tx,
        sql`SELECT order_id FROM payments WHERE id = ${attempt.id} AND status = 'failed'`,
        'charged_after_decline',
      );
      if (flagged > 0)
        deps.log.error({ paymentId: attempt.id }, 'a declined payment was charged: staff must refund it');
      return 'already_settled';
    }
    // Read before the move, so an order no fulfilment claimed is refused while it is still paying; its kind
    // says which fulfilments to ask (a purchase's asks none).
    const holder = await orderForReservation(tx, attempt.orderId);
    // An order of another kind (a change of date's top-up, ADR 029) is fulfilled by its module, which may
    // refuse it (a change no longer pending cannot complete): then it is refunded.
    let fulfil: Fulfil | undefined;
    for (const fulfilment of deps.orderPaid.fulfilments) {
      if (fulfilment.kind !== holder?.kind) continue;
      const claimed = await fulfilment.claim(tx, attempt.orderId);
      if (claimed === 'refund') return 'order_gone';
      if ((fulfil = claimed)) break;
    }
    if (!fulfil && holder?.kind === 'change') {
      // A change of date's order is completed by its fulfilment, never booked as a new reservation: a new
      // one would issue a second set of tickets for the same visit. Its fulfilment is not wired (settle deps
      // built without it): the payment is given back as for an order that is gone.
      deps.log.error(
        { paymentId: attempt.id, orderId: attempt.orderId },
        "a change of date's order was paid but no fulfilment claimed it: the payment is refunded",
      );
      return 'order_gone';
    }
    const moved = await transitionOrders(tx, {
      orders: orderById(attempt.orderId),
      to: 'reserved',
      reason: 'payment_confirmed',
    });
    const order = moved[0];
    if (!order) return 'order_gone';
    const paid = {
      orderId: order.id,
      siteCode: attempt.siteCode,
      paymentId: attempt.id,
      amount: attempt.amount,
    };
    if (fulfil) {
      await fulfil(order, attempt.amount);
      await announceOrderPaid(tx, deps.orderPaid, { ...paid, reservationId: null });
      return 'reserved';
    }
    if (!holder) return 'order_gone'; // read above whenever no fulfilment claimed the order
    // The slot's counts move inside COMMIT (ADR 130), so its lock never waits for this process: an on-sale
    // rush's holds and checkouts all write that one row (ADR 095). Before the announcement, whose webhook
    // snapshot is taken at COMMIT too, after the moves queued before it, and must show the seats sold.
    await sellHeldStock(tx, moved);
    // The reservation keeps the visitor's language and the e-mail address of the order form.
    const reservation = await createReservation(tx, {
      id: order.id,
      siteCode: attempt.siteCode,
      email: holder.email ?? '',
      lang: holder.lang,
    });
    await announceOrderPaid(tx, deps.orderPaid, { ...paid, reservationId: reservation.id });
    return 'reserved';
  });
  if (settled !== 'order_gone') return;

  let refund: RefundOutcome;
  try {
    // The whole payment goes back; its key is the payment's own, so a second settle never refunds twice.
    refund = await provider.refund(attempt, {
      amount: attempt.amount,
      refundKey: `critical-${attempt.id}`,
    });
  } catch (error) {
    refund = {
      kind: 'failed',
      code: 'gateway_unavailable',
      events: [providerEvent('refund', { error: (error as Error).message })],
    };
  }
  await deps.db.transaction(async (tx) => {
    if (refund.kind === 'refunded') return markRefunded(tx, attempt.id, refund.events);
    await markRefundFailed(tx, attempt.id, refund.events);
    // The order is flagged for staff (ADR 026): its money is taken and neither booked nor given back
    // (a method that can only be refunded by hand answers `manual`: staff act on the same flag).
    const code = refund.kind === 'failed' ? refund.code : 'manual';
    await flagForStaff(tx, orderById(attempt.orderId), `refund_failed:${code}`, true);
    return true;
  });
  if (refund.kind !== 'refunded') {
    deps.log.error(
      {
        paymentId: attempt.id,
        orderId: attempt.orderId,
        code: refund.kind === 'failed' ? refund.code : 'manual',
      },
      'refund of a payment whose order could not take it (expired, or a change no longer pending) failed: staff must refund it by hand',
    );
  }
}
