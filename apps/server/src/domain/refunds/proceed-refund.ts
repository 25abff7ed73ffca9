import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { releaseCouponUsage } from '../coupons/coupon-usage.ts';
import { orderById, transitionOrders } from '../orders/order-state.ts';
import { lockOrderAllotments, returnToAllotment } from '../stock/allotted-stock.ts';
import { releaseSoldStock } from '../stock/release-sold-stock.ts';
import { orderChainOf } from '../time-changes/order-chain.ts';
import { splitOverPayments } from './refund-amounts.ts';
import { reservationAndShares, type RefundPosition } from './refund-position.ts';
import { queueRefundMail, type RefundMailEnv } from './refund-mail.ts';
import { issueReturnNote } from './return-note-numbers.ts';

/** The refund key sent to the gateway for one payment of a refund: the same key never refunds twice. */
export const refundKeyOf = (refundId: number, paymentId: number) => `refund-${refundId}-${paymentId}`;

/**
 * Carries out a refund that may go ahead (no approval needed, or approved), in the transaction that holds the
 * order's lock: voids its tickets (they no longer check in and drop out of the gates' lists), gives their places
 * back to a slot that has not started, and, when no ticket of the reservation is left, moves the order to
 * `refunded` (transitionOrders), the reservation too, and gives the coupon uses back (a partial refund keeps
 * them: the coupon still discounts the tickets that stay). With money, it splits the amount over the payments
 * (newest first), issues the return note and queues its mail. The gateway is asked after the commit.
 * Answers the refund's status.
 */
export async function proceedRefund(
  tx: Tx,
  refund: { id: number; orderId: number; amount: number; money: 'refund' | 'none'; ticketIds: number[] },
  position: RefundPosition,
  actor: AuditActor,
  mailEnv: RefundMailEnv,
): Promise<'none' | 'requested' | 'succeeded'> {
  const { rows: voided } = await tx.execute<{ id: string }>(sql`
    UPDATE tickets SET status = 'void'
    WHERE id = ANY(${sql.param(refund.ticketIds)}::bigint[]) AND status = 'valid'
      AND reservation_id IN (${reservationAndShares(position.reservationId)})
    RETURNING id`);
  // A ticket checked in (or cancelled) since it was chosen: nothing of this refund happens.
  if (voided.length !== refund.ticketIds.length) throw new AppError('console_nothing_to_refund');
  // A partner's order from an allotment: its seats go back to the allotment (ADR 089 addendum), whoever
  // refunds (the partner's cancel or staff); the allotment is locked before the slot, as every such move.
  const [allotment] = await lockOrderAllotments(tx, [refund.orderId]);
  const placesBack = await releaseSoldStock(tx, [
    { time_span_id: position.timeSpanId, quantity: voided.length },
  ]);
  if (allotment) {
    const release = { spanId: position.timeSpanId, seats: voided.length, freed: placesBack };
    await returnToAllotment(tx, allotment, release);
  }

  const { rows: left } = await tx.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM tickets
    WHERE reservation_id IN (${reservationAndShares(position.reservationId)}) AND status <> 'void'`);
  const whole = (left[0]?.n ?? 0) === 0;
  if (whole) {
    const moved = await transitionOrders(tx, {
      orders: orderById(refund.orderId),
      to: 'refunded',
      reason: 'refunded',
    });
    if (moved.length !== 1) throw new AppError('console_nothing_to_refund');
    await tx.execute(sql`
      UPDATE reservations SET status = 'refunded', updated_at = now()
      WHERE id = ${position.reservationId} OR parent_reservation_id = ${position.reservationId}`);
    // The whole order is gone: its coupon uses (the purchase's, before any change of date) count no more.
    const { rows: chain } = await tx.execute<{ id: string }>(sql`
      SELECT order_id AS id FROM (${orderChainOf(refund.orderId)}) chain ORDER BY order_id`);
    await releaseCouponUsage(
      tx,
      chain.map((row) => Number(row.id)),
    );
  }

  let status: 'none' | 'requested' | 'succeeded' = refund.money === 'none' ? 'none' : 'succeeded';
  let returnNoteNumber: string | null = null;
  if (refund.money === 'refund' && refund.amount > 0) {
    const parts = splitOverPayments(refund.amount, position.payments);
    if (parts.reduce((sum, part) => sum + part.amount, 0) !== refund.amount)
      throw new AppError('console_refund_exceeds_paid');
    for (const part of parts) {
      await tx.execute(sql`
        INSERT INTO refund_payments (refund_id, payment_id, amount, refund_key)
        VALUES (${refund.id}, ${part.paymentId}, ${part.amount}, ${refundKeyOf(refund.id, part.paymentId)})`);
    }
    status = 'requested';
    await tx.execute(sql`UPDATE refunds SET payment_id = ${parts[0]!.paymentId} WHERE id = ${refund.id}`);
    returnNoteNumber = await issueReturnNote(tx, {
      refundId: refund.id,
      siteCode: position.siteCode,
      reservationId: position.reservationId,
      lang: position.reservationLang,
      amount: refund.amount,
    });
    await queueRefundMail(tx, mailEnv, {
      returnNoteNumber,
      amount: refund.amount,
      ticketCount: voided.length,
      position,
    });
  }
  await tx.execute(sql`
    UPDATE refunds SET status = ${status}, updated_at = now(),
           completed_at = CASE WHEN ${status} = 'requested' THEN NULL ELSE now() END
    WHERE id = ${refund.id}`);
  await recordAudit(tx, {
    actor,
    siteCode: position.siteCode,
    objectType: 'order',
    objectId: String(refund.orderId),
    action: 'tickets_cancelled',
    after: {
      refund_id: refund.id,
      ticket_ids: refund.ticketIds,
      amount: refund.amount,
      money: refund.money,
      places_back: placesBack,
      order_refunded: whole,
      return_note: returnNoteNumber,
    },
  });
  return status;
}
