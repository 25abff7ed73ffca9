import { sql } from 'drizzle-orm';
import type { Env } from '../../config/env.ts';
import type { Tx } from '../../db/client.ts';
import { visitOf } from '../reservations/reservation-visit.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { lockOrderById } from '../orders/order-lock.ts';
import { productOfOrder } from '../orders/order-row.ts';
import { orderById, transitionOrders, type MovedOrder } from '../orders/order-state.ts';
import { releaseHolds } from '../order-release/release-holds.ts';
import { refundTouchedSql } from '../reservations/changeable-reservation.ts';
import { reservationById } from '../reservations/reservation-details.ts';
import { sellHeldStockReleasingSold } from '../stock/sell-held-stock.ts';
import { newTicketSecret } from '../tickets/ticket-qr.ts';
import { TICKET_TYPE_KEY } from './repriced-order.ts';
import { mailSharedVisitMoved } from '../tickets/share-recipients.ts';
import { changeOfOrder, type StoredTimeChange } from './time-change-store.ts';
import { recordAudit } from '../audit/record-audit.ts';

/**
 * Moves the purchase's tickets (the holder's and any shared ones, ADR 021) to the new order's ticket types.
 * The holder's get new secrets: every QR code of theirs made before the move stops matching (ADR 018), so
 * the old date's codes, screenshots and printouts fail at the gate. Shared tickets keep theirs (ADR 107):
 * the companion holds only their link or a picture of its codes, which the holder could not reach since the
 * share renewed them; they are told by mail (mailSharedVisitMoved) and their codes admit on the new visit.
 * Moving visitors out of a closed slot (ADR 079) moves tickets the same way.
 */
export async function moveTickets(tx: Tx, reservationId: number, productId: number): Promise<void> {
  const { rows } = await tx.execute<{ id: number; to_id: number; secret: string; own: boolean }>(sql`
    SELECT tk.id, COALESCE(nv.id, tk.option_value_id) AS to_id, tk.secret, tr.id = ${reservationId} AS own
    FROM tickets tk
    JOIN reservations tr ON tr.id = tk.reservation_id
    JOIN option_values ov ON ov.id = tk.option_value_id
    LEFT JOIN LATERAL (
      SELECT id FROM option_values nv
      WHERE nv.product_id = ${productId} AND ${sql.raw(TICKET_TYPE_KEY('nv'))} = ${sql.raw(TICKET_TYPE_KEY('ov'))}
      ORDER BY nv.position, nv.id LIMIT 1) nv ON true
    WHERE (tr.id = ${reservationId} OR tr.parent_reservation_id = ${reservationId}) AND tk.status <> 'void'
    ORDER BY tk.id`);
  if (rows.length === 0) return;
  const ids = rows.map((row) => Number(row.id));
  const types = rows.map((row) => Number(row.to_id));
  const secrets = rows.map((row) => (row.own ? newTicketSecret() : row.secret));
  await tx.execute(sql`
    UPDATE tickets SET option_value_id = moved.type, secret = moved.secret
    FROM unnest(${sql.param(ids)}::bigint[], ${sql.param(types)}::int[], ${sql.param(secrets)}::text[])
         AS moved(id, type, secret)
    WHERE tickets.id = moved.id`);
}

/**
 * The settling transaction's claim on a paid order (order-paid-listeners.ts): undefined when the order is no
 * change of date's; 'refund' when the change cannot complete, so settleAttempt gives the top-up back; else
 * the change, for completeTimeChange. A change no longer pending cannot complete. Nor can one whose purchase
 * had a ticket refunded since it started (review finding 2, refundTouchedSql): checked under the old order's
 * lock, the lock every refund takes first (ADR 061), held until this transaction commits, so no refund lands
 * between this check and completeTimeChange. Such a change ends here: its temporary order expires, its hold
 * on the new slot goes back, the change is `cancelled`, and the purchase stays on its date.
 */
export async function claimPaidChange(
  tx: Tx,
  orderId: number,
): Promise<undefined | 'refund' | StoredTimeChange> {
  const change = await changeOfOrder(tx, orderId);
  if (!change) return undefined;
  if (change.status !== 'pending') return 'refund';
  await lockOrderById(tx, change.fromOrderId);
  const { rows } = await tx.execute<{ touched: boolean }>(
    sql`SELECT ${refundTouchedSql(sql`${change.reservationId}::bigint`)} AS touched`,
  );
  if (!rows[0]!.touched) return change;
  // The top-up's order never becomes a reservation; its payment is given back by settleAttempt.
  const ended = await transitionOrders(tx, {
    orders: orderById(change.orderId),
    to: 'expired',
    reason: 'refunded',
  });
  await releaseHolds(tx, ended);
  await tx.execute(sql`UPDATE time_changes SET status = 'cancelled' WHERE id = ${change.id}`);
  return 'refund';
}

/**
 * Completes a pending change of date (ADR 029) in the transaction where settleAttempt confirmed its top-up
 * and moved its temporary order paying → reserved (`order`): the old order becomes `changed` (an
 * order_events row logs it), the new slot's held stock becomes sold and the old slot's sold stock is given
 * back, the reservation (and its coupons) moves to the new order, the tickets move with new secrets, the
 * change is `done` and a mail with the new date is queued. All or nothing. Called only after claimPaidChange
 * found no refunded ticket under the old order's lock, which this transaction still holds.
 */
export async function completeTimeChange(
  tx: Tx,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  change: StoredTimeChange,
  order: MovedOrder,
  paid: number,
): Promise<void> {
  const old = await transitionOrders(tx, {
    orders: orderById(change.fromOrderId),
    to: 'changed',
    reason: 'date_changed',
  });
  // The reservation was refunded meanwhile: nothing may move (the caller's transaction rolls back).
  if (old.length === 0) throw new Error(`time change ${change.id}: the old order is no longer reserved`);
  await sellHeldStockReleasingSold(
    tx,
    { time_span_id: order.time_span_id, quantity: order.quantity },
    { time_span_id: old[0]!.time_span_id, quantity: old[0]!.quantity },
  );
  await tx.execute(sql`
    UPDATE reservations SET order_id = ${order.id}, updated_at = now() WHERE id = ${change.reservationId}`);
  await tx.execute(
    sql`UPDATE order_coupons SET order_id = ${order.id} WHERE order_id = ${change.fromOrderId}`,
  );
  await moveTickets(tx, change.reservationId, await productOfOrder(tx, order.id));
  await tx.execute(
    sql`UPDATE time_changes SET status = 'done', completed_at = now() WHERE id = ${change.id}`,
  );
  await recordAudit(tx, {
    actor: { kind: 'visitor', label: `reservation ${change.reservationId}` },
    siteCode: change.siteCode,
    objectType: 'reservation',
    objectId: String(change.reservationId),
    action: 'date_changed',
    before: { order_id: change.fromOrderId, time_span_id: change.fromTimeSpanId, price: change.oldPrice },
    after: {
      order_id: order.id,
      time_span_id: change.toTimeSpanId,
      price: change.newPrice,
      paid,
      time_change_id: change.id,
    },
  });

  const { rows: previous } = await tx.execute<{ starts_at: string; ends_at: string }>(
    sql`SELECT starts_at, ends_at FROM time_spans WHERE id = ${change.fromTimeSpanId}`,
  );
  // The companions whose share link was mailed learn of the new date (ADR 107), whether or not the holder
  // has an address.
  await mailSharedVisitMoved(tx, env, change.reservationId, {
    startsAt: new Date(previous[0]!.starts_at),
    endsAt: new Date(previous[0]!.ends_at),
  });
  const reservation = (await reservationById(tx, change.reservationId))!;
  if (!reservation.email) return;
  await enqueueMail(tx, {
    kind: 'date_changed',
    siteCode: reservation.siteCode,
    to: reservation.email,
    lang: reservation.lang,
    payload: {
      ...visitOf(env, reservation, reservation.lang),
      previousStartsAt: new Date(previous[0]!.starts_at).toISOString(),
      previousEndsAt: new Date(previous[0]!.ends_at).toISOString(),
      paid,
    },
  });
}
