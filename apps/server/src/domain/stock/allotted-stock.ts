import { sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { newOrderToken } from './hold-stock.ts';
import { insertHeldOrders } from './hold-statements.ts';
import type { HeldOrder, HoldRequest } from './hold-types.ts';
import { noteStockChange } from './stock-changes.ts';

/**
 * The slot's allotted seats (ADR 089): part of its capacity reserved for partners, counted in the slot's own
 * row (`time_spans.allotted`) inside the one CHECK `held + sold + allotted <= capacity`. These are the only
 * writes of `allotted`; each is one conditional UPDATE of the slot's row, so two of them (or one and a web
 * hold) serialise on the row lock and none can oversell. Which partner owns the seats is the partners
 * domain's business (domain/partners/allotments*.ts); the stock only knows how many a slot has reserved.
 */

/**
 * Free seats → allotted (a new allotment, a larger one, or seats of a cancelled partner booking going back
 * to its allotment). Answers false, having changed nothing, when the slot has fewer free seats.
 */
export async function allotFreeSeats(tx: Tx, spanId: number, seats: number): Promise<boolean> {
  if (seats <= 0) return true;
  const { rows } = await tx.execute(sql`
    UPDATE time_spans SET allotted = allotted + ${seats}
    WHERE id = ${spanId} AND capacity - held - sold - allotted >= ${seats}
    RETURNING id`);
  if (rows.length === 0) return false;
  noteStockChange();
  return true;
}

/**
 * Allotted seats → free seats for general sale (the cut-off job, a smaller allotment, a deleted one). The
 * caller's allotment rows say how many are its own; a shortfall here means the two disagree: a bug that must
 * not commit.
 */
export async function releaseAllottedSeats(tx: Tx, spanId: number, seats: number): Promise<void> {
  if (seats <= 0) return;
  const { rows } = await tx.execute(sql`
    UPDATE time_spans SET allotted = allotted - ${seats}
    WHERE id = ${spanId} AND allotted >= ${seats}
    RETURNING id`);
  if (rows.length === 0) throw new Error(`allotted stock: slot ${spanId} has fewer than ${seats} allotted`);
  noteStockChange();
}

/**
 * A partner booking's hold on its allotment: allotted → held and the temporary order, in ONE statement (the
 * hold's own, hold-statements.ts, with every seat taken from the allotted ones), on the caller's transaction
 * `client` (where the partner's allotment row was taken in the same transaction). The order then settles as
 * every order does (held → sold). Refuses like the hold: not on sale, the OTA cut-off passed, or fewer
 * allotted seats than asked (`out of stock`).
 */
export async function holdAllottedStock(
  client: Pick<PoolClient, 'query'>,
  request: HoldRequest,
): Promise<HeldOrder> {
  const token = newOrderToken();
  const rows = await insertHeldOrders(client, request.timeSpanId, [{ token, request }], [], request.quantity);
  const row = rows[0];
  if (!row) throw new AppError('out_of_stock');
  noteStockChange();
  return { orderToken: token, expiresAt: row.expires_at, price: request.price };
}

/** A partner's order that took its seats from an allotment (partner_bookings.allotment_id, ADR 089). */
export interface OrderAllotment {
  orderId: number;
  allotmentId: number;
  /** The allotment's slot: seats freed on another slot (the order moved) do not become allotted here. */
  spanId: number;
}

/**
 * The allotments the given orders took their seats from (their bookings not yet cancelled), their rows locked
 * in id order. Called BEFORE the release locks the slots: allotments are locked before slots everywhere (the
 * partner booking's take does the same), so a release and a take cannot deadlock.
 */
export async function lockOrderAllotments(tx: Tx, orderIds: readonly number[]): Promise<OrderAllotment[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await tx.execute<{ order_id: string; allotment_id: string; time_span_id: string }>(sql`
    WITH locked AS (
      SELECT a.id, a.time_span_id FROM allotments a
      WHERE a.id IN (SELECT allotment_id FROM partner_bookings
                     WHERE order_id = ANY(${sql.param([...orderIds])}::bigint[]) AND cancelled_at IS NULL)
      ORDER BY a.id FOR UPDATE)
    SELECT b.order_id, l.id AS allotment_id, l.time_span_id
    FROM partner_bookings b JOIN locked l ON l.id = b.allotment_id
    WHERE b.order_id = ANY(${sql.param([...orderIds])}::bigint[]) AND b.cancelled_at IS NULL`);
  return rows.map((row) => ({
    orderId: Number(row.order_id),
    allotmentId: Number(row.allotment_id),
    spanId: Number(row.time_span_id),
  }));
}

/**
 * Seats a partner's order gave up (its hold expired or was cancelled, or tickets of it were refunded or
 * cancelled, by the partner or by staff) go back to the allotment they came from, in the transaction that
 * freed them: the allotment sells `seats` fewer, and those of them the slot got back as free seats become
 * allotted again while the allotment holds seats (before its cut-off). Seats the slot did not get back (past
 * the sale cut-off `sold` stays what the gate counted) or freed on another slot shrink the allotment instead,
 * so the row and the slot's stock agree. A released allotment only counts the sale back (its seats went to
 * general sale at the cut-off).
 */
export async function returnToAllotment(
  tx: Tx,
  allotment: OrderAllotment,
  release: { spanId: number; seats: number; freed: number },
): Promise<void> {
  if (release.seats <= 0) return;
  const { rows } = await tx.execute<{ holding: boolean }>(sql`
    UPDATE allotments SET sold = sold - ${release.seats}, updated_at = now()
    WHERE id = ${allotment.allotmentId} AND sold >= ${release.seats}
    RETURNING released_at IS NULL AS holding`);
  if (!rows[0]?.holding) return;
  const back = release.spanId === allotment.spanId ? Math.min(release.freed, release.seats) : 0;
  const allotted = back > 0 && (await allotFreeSeats(tx, allotment.spanId, back)) ? back : 0;
  if (release.seats - allotted > 0) {
    await tx.execute(sql`
      UPDATE allotments SET quantity = quantity - ${release.seats - allotted} WHERE id = ${allotment.allotmentId}`);
  }
}

/**
 * The key rows of partner orders that expired or were cancelled before they were paid: the order never
 * became a booking, so the partner's retry with the same Idempotency-Key makes a new one instead of meeting
 * a dead order (`session_timeout`).
 */
export async function forgetUnpaidPartnerBookings(tx: Tx, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.execute(sql`
    DELETE FROM partner_bookings WHERE order_id = ANY(${sql.param([...orderIds])}::bigint[])`);
}
