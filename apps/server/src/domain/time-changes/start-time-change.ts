import { sql } from 'drizzle-orm';
import type { CreateTimeChangeBody, CreateTimeChangeResponse, SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { copyCustomerInfo, lockOrderMember, orderIdByToken } from '../orders/order-row.ts';
import { orderById, transitionOrders } from '../orders/order-state.ts';
import type { HeldOrder, StockHolder } from '../stock/hold-stock.ts';
import { NO_CLIENT_CAPS } from '../stock/hold-types.ts';
import { releaseHolds } from '../order-release/release-holds.ts';
import { changeableReservation, type ChangeableReservation } from '../reservations/changeable-reservation.ts';
import { carryMemberTerms } from './carried-member-discount.ts';
import { assertChangeMailable } from './change-mail-address.ts';
import { payablePrice, repricedOrder } from './repriced-order.ts';
import { targetProductsSql } from './time-change-options.ts';
import { expireLapsedChanges, newTimeChangeToken, pendingChangeToken } from './time-change-store.ts';

export interface TimeChangeDeps {
  /** THE stock holder (ADR 007): a pending change holds its new slot like any temporary order. */
  stock: StockHolder;
  /** Hold minutes when the site sets none (env HOLD_MINUTES). */
  defaultHoldMinutes: number;
}

/** The target slot's product, if the purchase may move there; else `cannot change ticket`. */
async function targetSlot(
  db: Db,
  reservation: ChangeableReservation,
  timeSpanId: number,
): Promise<{ productId: number; startsAt: Date }> {
  if (timeSpanId === reservation.timeSpanId)
    throw new AppError('cannot_change_ticket', 'the booked slot itself');
  const { rows } = await db.execute<{ product_id: number; starts_at: string }>(sql`
    SELECT p.id AS product_id, t.starts_at FROM time_spans t JOIN products p ON p.id = t.product_id
    WHERE t.id = ${timeSpanId} AND ${targetProductsSql(reservation)}`);
  if (!rows[0]) throw new AppError('cannot_change_ticket', 'not a slot this purchase may move to');
  return { productId: Number(rows[0].product_id), startsAt: new Date(rows[0].starts_at) };
}

/**
 * The purchase's coupons must still hold on the new date: a coupon that has expired, or whose visit dates
 * (its own or its campaign's) do not cover the new day, stops the change (spec §8).
 */
async function assertCouponsHold(db: Db, orderId: number, startsAt: Date): Promise<void> {
  const { rows } = await db.execute<{ expired: boolean; outside: boolean }>(sql`
    WITH visit AS (SELECT (${startsAt.toISOString()}::timestamptz AT TIME ZONE 'Asia/Tokyo')::date AS day)
    SELECT c.valid_to IS NOT NULL AND c.valid_to <= now() AS expired,
           (c.coverage_from IS NOT NULL AND visit.day < c.coverage_from)
           OR (c.coverage_to IS NOT NULL AND visit.day > c.coverage_to)
           OR (cc.coverage_from IS NOT NULL AND visit.day < cc.coverage_from)
           OR (cc.coverage_to IS NOT NULL AND visit.day > cc.coverage_to) AS outside
    FROM order_coupons oc JOIN coupons c ON c.id = oc.coupon_id CROSS JOIN visit
    LEFT JOIN coupon_campaigns cc ON cc.site_code = c.site_code AND cc.campaign = c.campaign
    WHERE oc.order_id = ${orderId}`);
  if (rows.some((row) => row.expired)) throw new AppError('time_change_coupon_expired');
  if (rows.some((row) => row.outside)) throw new AppError('time_change_out_of_coverage_dates');
}

async function holdMinutesOf(db: Db, site: SiteCode, fallback: number): Promise<number> {
  const { rows } = await db.execute<{ hold_minutes: number | null }>(
    sql`SELECT hold_minutes FROM sites WHERE code = ${site}`,
  );
  return rows[0]?.hold_minutes ?? fallback;
}

/**
 * POST /timechanges/{reservationToken} (ADR 029): checks the rules, holds the new slot's stock through the
 * one stock holder (a temporary order at the new slot's prices) and records the pending change. Two
 * changes of one reservation at once: the unique index on pending changes admits one; the other's hold is
 * cancelled at once (its stock given back) and it answers `waiting time change exists`.
 */
export async function startTimeChange(
  db: Db,
  deps: TimeChangeDeps,
  site: SiteCode,
  reservationToken: string,
  body: CreateTimeChangeBody,
): Promise<CreateTimeChangeResponse> {
  const reservation = await changeableReservation(db, site, reservationToken);
  // Said by name rather than as the general refusal: the visitor can do nothing about it (ADR 103).
  if (reservation.paymentMethodDiscount) throw new AppError('cannot_change_payment_discount');
  if (!reservation.changeable) throw new AppError('cannot_change_ticket');
  assertChangeMailable(reservation.email);
  if (await pendingChangeToken(db, reservation.id)) throw new AppError('waiting_time_change_exists');
  const target = await targetSlot(db, reservation, body.time_span_id);
  const repriced = await repricedOrder(db, reservation, target.productId);
  if (!repriced) throw new AppError('cannot_change_ticket', 'a ticket type or add-on has no match there');
  await assertCouponsHold(db, reservation.orderId, target.startsAt);

  let held: HeldOrder;
  try {
    held = await deps.stock.hold({
      siteCode: site,
      channel: 'web',
      lang: body.lang,
      productId: target.productId,
      timeSpanId: body.time_span_id,
      quantity: reservation.quantity,
      price: repriced.price,
      holdMinutes: await holdMinutesOf(db, site, deps.defaultHoldMinutes),
      lines: repriced.lines,
      setProducts: repriced.setProducts,
      // The holder's purchase is already made: the anonymous-visitor caps do not apply.
      ...NO_CLIENT_CAPS,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'out_of_stock')
      throw new AppError('time_change_out_of_stock');
    throw error;
  }

  const token = newTimeChangeToken();
  const recorded = await db.transaction(async (tx) => {
    await lockOrderMember(tx, reservation.orderId);
    const orderId = await orderIdByToken(tx, held.orderToken);
    await expireLapsedChanges(tx, reservation.id);
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO time_changes (timechange_token, site_code, reservation_id, from_order_id, order_id,
                                from_time_span_id, to_time_span_id, old_price, new_price, expires_at)
      VALUES (${token}, ${site}, ${reservation.id}, ${reservation.orderId}, ${orderId},
              ${reservation.timeSpanId}, ${body.time_span_id}, ${payablePrice(reservation)}, ${payablePrice(repriced)},
              ${held.expiresAt.toISOString()})
      ON CONFLICT (reservation_id) WHERE status = 'pending' DO NOTHING
      RETURNING id`);
    if (rows[0]) {
      // The holder's details (name, address) go with the purchase to its new order.
      await copyCustomerInfo(tx, reservation.orderId, orderId);
      // So do the member and the promotion, its discount recomputed on the new prices (ADR 040).
      await carryMemberTerms(tx, reservation.orderId, orderId, repriced.membershipDiscount);
      return true;
    }
    // Another change of this reservation won the race: this hold goes back at once.
    const cancelled = await transitionOrders(tx, {
      orders: orderById(orderId),
      to: 'cancelled',
      reason: 'cancelled_by_visitor',
    });
    await releaseHolds(tx, cancelled);
    return false;
  });
  if (!recorded) throw new AppError('waiting_time_change_exists');
  return { timechange_token: token, expires_at: held.expiresAt.toISOString() };
}
