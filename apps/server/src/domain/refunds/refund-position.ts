import { sql } from 'drizzle-orm';
import type { PaymentMethodId } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { orderChainOf } from '../time-changes/order-chain.ts';
import { allocatePaid } from './refund-amounts.ts';
import type { RefundableTicket } from './refund-types.ts';

type Executor = Pick<Db, 'execute'> | Tx;

/** A payment that took money for the order (or, after a change of date, for an order before it). */
export interface PaidPayment {
  id: number;
  method: PaymentMethodId;
  amount: number;
  /** What is not yet given back (or promised back) of it. */
  left: number;
}

/** Where an order stands for refunds: its reservation, its tickets with their money, what was paid. */
export interface RefundPosition {
  reservationId: number;
  reservationToken: string;
  reservationLang: string;
  email: string;
  siteCode: string;
  timeSpanId: number;
  tickets: RefundableTicket[];
  /** Every confirmed payment of the order's chain (ADR 029), newest first. */
  payments: PaidPayment[];
  paid: number;
  /** Given back or promised (every refund but the rejected and those waiting for approval). */
  refunded: number;
  /**
   * What staff refunded or asked to refund on this order (every refund with a staff requester but the
   * rejected, waiting ones included): a staff refund is measured against the limit with it (review finding 5),
   * so refunding one ticket at a time does not dodge the second pair of eyes.
   */
  staffRefunded: number;
}

/**
 * The reservation and the shared reservations under it (ADR 021: a shared ticket moves to a child reservation
 * with parent_reservation_id): their tickets are all the order's, in its money, its voiding and its count.
 */
export const reservationAndShares = (reservationId: number) => sql`
  SELECT r.id FROM reservations r WHERE r.id = ${reservationId} OR r.parent_reservation_id = ${reservationId}`;

/** The refund position of an order; undefined when the order has no reservation (never paid). */
export async function refundPosition(db: Executor, orderId: number): Promise<RefundPosition | undefined> {
  const { rows: reservations } = await db.execute<{
    id: string;
    reservation_token: string;
    lang: string;
    email: string;
    site_code: string;
    time_span_id: string;
  }>(sql`
    SELECT r.id, r.reservation_token, r.lang, r.email, r.site_code, o.time_span_id
    FROM reservations r JOIN orders o ON o.id = r.order_id
    WHERE r.order_id = ${orderId}`);
  const reservation = reservations[0];
  if (!reservation) return undefined;
  const { rows: tickets } = await db.execute<{
    id: string;
    sequence: number;
    status: RefundableTicket['status'];
    price: string | null;
    refunded: boolean;
    taken: boolean;
  }>(sql`
    SELECT tk.id, tk.sequence, tk.status, l.unit_price AS price,
           EXISTS (SELECT 1 FROM refund_tickets rt JOIN refunds f ON f.id = rt.refund_id
                   WHERE rt.ticket_id = tk.id AND f.status NOT IN ('rejected', 'awaiting_approval')) AS refunded,
           EXISTS (SELECT 1 FROM refund_tickets rt JOIN refunds f ON f.id = rt.refund_id
                   WHERE rt.ticket_id = tk.id AND f.status <> 'rejected') AS taken
    FROM tickets tk
    LEFT JOIN order_lines l ON l.order_id = ${orderId} AND l.option_value_id = tk.option_value_id
    WHERE tk.reservation_id IN (${reservationAndShares(Number(reservation.id))})
    ORDER BY tk.sequence`);
  const { rows: payments } = await db.execute<{
    id: string;
    method: PaymentMethodId;
    amount: string;
    back: string;
  }>(
    sql`
    SELECT p.id, p.method, p.amount,
           COALESCE((SELECT sum(rp.amount) FROM refund_payments rp WHERE rp.payment_id = p.id), 0) AS back
    FROM payments p
    WHERE p.order_id IN (${orderChainOf(orderId)}) AND p.status = 'confirmed'
    ORDER BY p.id DESC`,
  );
  const { rows: refunded } = await db.execute<{ total: string; staff: string }>(sql`
    SELECT COALESCE(sum(amount) FILTER (WHERE status NOT IN ('rejected', 'awaiting_approval')), 0) AS total,
           COALESCE(sum(amount) FILTER (WHERE status <> 'rejected' AND requested_by_staff_id IS NOT NULL), 0) AS staff
    FROM refunds WHERE reservation_id = ${reservation.id}`);
  const paid = payments.reduce((sum, payment) => sum + Number(payment.amount), 0);
  const prices = tickets.map((ticket) => Number(ticket.price ?? 0));
  const amounts = allocatePaid(prices, paid);
  return {
    reservationId: Number(reservation.id),
    reservationToken: reservation.reservation_token,
    reservationLang: reservation.lang,
    email: reservation.email,
    siteCode: reservation.site_code,
    timeSpanId: Number(reservation.time_span_id),
    tickets: tickets.map((ticket, index) => ({
      ticketId: Number(ticket.id),
      sequence: ticket.sequence,
      price: prices[index]!,
      couponShare: prices[index]! - amounts[index]!,
      amount: amounts[index]!,
      refundable: ticket.status === 'valid' && !ticket.taken,
      status: ticket.status,
      refunded: ticket.refunded,
    })),
    payments: payments.map((payment) => ({
      id: Number(payment.id),
      method: payment.method,
      amount: Number(payment.amount),
      left: Number(payment.amount) - Number(payment.back),
    })),
    paid,
    refunded: Number(refunded[0]?.total ?? 0),
    staffRefunded: Number(refunded[0]?.staff ?? 0),
  };
}
