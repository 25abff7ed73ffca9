import { sql } from 'drizzle-orm';
import type { Env } from '../../config/env.ts';
import type { Tx } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { lockOrderById } from '../orders/order-lock.ts';
import { moveOrderToSlot } from '../orders/order-slot.ts';
import { moveSoldStock } from '../stock/move-sold-stock.ts';
import { lockClaimedSpans } from '../stock/span-quantities.ts';
import { moveTickets } from '../time-changes/complete-time-change.ts';
import { mailMovedVisit, type MovedVisitChoice } from './moved-visit-mails.ts';

/** Why a reservation did not move (the item's reason). */
export type MoveRefusal = 'not_reserved' | 'not_on_source' | 'ticket_used' | 'out_of_stock';

export type MoveOutcome =
  | { kind: 'moved'; toSlotId: number; mails: number; choice: MovedVisitChoice | null }
  | { kind: 'refused'; reason: MoveRefusal };

export interface MoveRequest {
  reservationId: number;
  /** The slot the reservation is on now; it moves only from there. */
  fromSlotId: number;
  /** Tried in this order; the first with room for the whole reservation takes it. */
  toSlotIds: readonly number[];
  actor: AuditActor;
  /** The run and item, for the audit. */
  moveId: number;
  itemId: number;
  /**
   * The holder's self-service link for the mail, given the new slot's start (a run's move), or null (the
   * visitor's own choice: no second link).
   */
  choiceFor: ((newStart: Date) => MovedVisitChoice | null) | null;
}

/**
 * Moves one standing reservation, whole, to the first of `toSlotIds` with room (ADR 079), IN THE CALLER'S
 * TRANSACTION (which also writes the item's state, so a move and its mails happen once): under the order's
 * lock, its places go through the stock module's one move (never a second counter; a full slot refuses), the
 * order points at the new slot, the tickets move as in a change of date (moveTickets: the holder's get new
 * secrets so their old QR codes fail, ADR 018; shared ones keep theirs, ADR 107), the audit records it and the
 * holder and the addresses the shares were sent to are mailed. A refusal changes nothing: the reservation is no longer reserved on `fromSlotId`, a ticket was
 * used, or no target had room.
 */
export async function moveReservation(
  tx: Tx,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  request: MoveRequest,
): Promise<MoveOutcome> {
  const { rows } = await tx.execute<{ order_id: string; status: string; site_code: string }>(sql`
    SELECT order_id, status, site_code FROM reservations WHERE id = ${request.reservationId}`);
  const reservation = rows[0];
  if (!reservation || reservation.status !== 'reserved') return { kind: 'refused', reason: 'not_reserved' };
  const order = await lockOrderById(tx, Number(reservation.order_id));
  if (!order || order.status !== 'reserved') return { kind: 'refused', reason: 'not_reserved' };

  const { rows: state } = await tx.execute<{ slot_id: string; tickets: number; used: number }>(sql`
    SELECT o.time_span_id AS slot_id,
           count(tk.id) FILTER (WHERE tk.status <> 'void')::int AS tickets,
           count(tk.id) FILTER (WHERE tk.status = 'used')::int AS used
    FROM orders o
    LEFT JOIN reservations x ON x.id = ${request.reservationId} OR x.parent_reservation_id = ${request.reservationId}
    LEFT JOIN tickets tk ON tk.reservation_id = x.id
    WHERE o.id = ${order.id} GROUP BY o.time_span_id`);
  const { slot_id, tickets, used } = state[0]!;
  if (Number(slot_id) !== request.fromSlotId) return { kind: 'refused', reason: 'not_on_source' };
  if (used > 0) return { kind: 'refused', reason: 'ticket_used' };

  // Every slot this move may touch, locked at once in id order (as every multi-slot stock path), so trying
  // one target after another never takes locks out of order.
  await lockClaimedSpans(
    tx,
    [request.fromSlotId, ...request.toSlotIds].map((id) => ({ time_span_id: id, quantity: 0 })),
  );
  let toSlotId: number | undefined;
  for (const candidate of request.toSlotIds) {
    const move = { fromSlotId: request.fromSlotId, toSlotId: candidate, quantity: tickets };
    if (await moveSoldStock(tx, move)) {
      toSlotId = candidate;
      break;
    }
  }
  if (toSlotId === undefined) return { kind: 'refused', reason: 'out_of_stock' };
  if (!(await moveOrderToSlot(tx, order.id, { fromSlotId: request.fromSlotId, toSlotId })))
    throw new Error(`order ${order.id} left slot ${request.fromSlotId} under its lock`);
  await moveTickets(tx, request.reservationId, order.productId);

  const { rows: slots } = await tx.execute<{ id: string; starts_at: string; ends_at: string }>(sql`
    SELECT id, starts_at, ends_at FROM time_spans WHERE id IN (${request.fromSlotId}, ${toSlotId})`);
  const from = slots.find((slot) => Number(slot.id) === request.fromSlotId)!;
  const to = slots.find((slot) => Number(slot.id) === toSlotId)!;
  await recordAudit(tx, {
    actor: request.actor,
    siteCode: reservation.site_code,
    objectType: 'reservation',
    objectId: String(request.reservationId),
    action: 'visit_moved',
    before: { time_span_id: request.fromSlotId, starts_at: from.starts_at },
    after: {
      time_span_id: toSlotId,
      starts_at: to.starts_at,
      tickets,
      visitor_move_id: request.moveId,
      visitor_move_item_id: request.itemId,
    },
  });
  const previous = { startsAt: new Date(from.starts_at), endsAt: new Date(from.ends_at) };
  const choice = request.choiceFor?.(new Date(to.starts_at)) ?? null;
  const mails = await mailMovedVisit(tx, env, request.reservationId, previous, choice);
  return { kind: 'moved', toSlotId, mails, choice };
}
