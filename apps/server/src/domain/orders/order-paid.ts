import type { SalesChannel } from '@kippu/contract';
import type { Tx } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/enqueue-job.ts';
import type { OrderKind } from './order-lock.ts';
import type { MovedOrder } from './order-state.ts';

/**
 * "Order paid" (ADR 058, as pretix's `order_paid` signal): a paying order's money was taken and the order
 * became reserved. Announced by settleAttempt inside the settling transaction; the listeners are wired at
 * the composition root (order-paid-listeners.ts beside app.ts) and passed down in the settle deps, so the
 * modules that listen (change of date, mail, mail magazines, later webhooks) are never imported from here.
 */
export interface OrderPaid {
  orderId: number;
  siteCode: string;
  paymentId: number;
  /** What was taken, in yen. */
  amount: number;
  /** The reservation the payment created; null when a fulfilment of the order's own kind took it (a change of date). */
  reservationId: number | null;
}

/** Fulfils the paid order in the settling transaction, once it is reserved. */
export type Fulfil = (order: MovedOrder, amount: number) => Promise<void>;

/**
 * A module whose kind of order is fulfilled otherwise than by a new reservation (a change of date, ADR 029).
 * Asked only for an order of its `kind`, before the order moves, in the settling transaction: undefined
 * when it does not take the order after all; 'refund' when it can no longer be fulfilled (the payment is
 * then given back); else how to fulfil it. A purchase of a sales channel asks none (no query).
 */
export interface PaidOrderFulfilment {
  kind: Exclude<OrderKind, SalesChannel>;
  claim(tx: Tx, orderId: number): Promise<undefined | 'refund' | Fulfil>;
}

export interface OrderPaidListeners {
  /** Asked in order; the first that claims the order fulfils it. */
  fulfilments: PaidOrderFulfilment[];
  /** Must hold with the payment: run in the settling transaction, in order; a throw rolls the settle back. */
  inTransaction: ((tx: Tx, paid: OrderPaid) => Promise<void>)[];
  /**
   * After commit: each is a job queue; a job with the event as payload is added in the settling transaction
   * (an outbox), so a crash between the commit and the listener's work loses nothing (ADR 057).
   */
  afterCommit: string[];
}

/** The job key of an order's after-commit listener: one job per order and queue, however often announced. */
export const orderPaidJobKey = (orderId: number) => `order-paid:${orderId}`;

/** Announces the order paid inside the settling transaction `tx`. */
export async function announceOrderPaid(
  tx: Tx,
  listeners: OrderPaidListeners,
  paid: OrderPaid,
): Promise<void> {
  for (const listener of listeners.inTransaction) await listener(tx, paid);
  for (const queue of listeners.afterCommit) {
    await enqueueJob(tx, { queue, payload: { ...paid }, key: orderPaidJobKey(paid.orderId) });
  }
}
