import { sql } from 'drizzle-orm';
import type { CheckoutBody, CheckoutResponse, OrderStatus, PaymentMethodId, SiteCode } from '@kippu/contract';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import {
  assertServedMethod,
  methodEnabled,
  payBegunAttempt,
  type Begun,
  type CheckoutDeps,
} from '../checkout/checkout.ts';
import { lockedOpenOrderById, lockOrderById } from '../orders/order-lock.ts';
import { orderById, transitionOrders } from '../orders/order-state.ts';
import { inFlightAttemptId, insertAttempt } from '../payments/payment-attempts.ts';
import { releaseHolds } from '../order-release/release-holds.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { refundTouchedSql } from '../reservations/changeable-reservation.ts';
import { assertChangeMailable } from './change-mail-address.ts';
import { changeByTokens } from './time-change-store.ts';

/**
 * A change of date made by staff on the visitor's behalf (the console's order desk, ADR 078): the same
 * change, with the top-up `collect`ed at the counter (a counter method, offered on the site's `pos`
 * channel) or `waive`d by the staff member for a reason (nothing is charged: the `free` provider settles
 * ¥0), or `none` when nothing is owed. The decision is audited with the staff member in the transaction that
 * starts the top-up.
 */
export interface StaffDecision {
  actor: AuditActor;
  topUp:
    | { kind: 'none' }
    | { kind: 'collect'; method: PaymentMethodId; terminalApproval?: string }
    | { kind: 'waive'; reason: string };
}

type LockedOrder = { id: number; status: OrderStatus; lapsed: boolean; currency: string };

/** The change's order, row-locked (after its change: the top-up's lock order), with the site's currency. */
async function lockedOrder(tx: Tx, site: SiteCode, orderId: number): Promise<LockedOrder> {
  const order = (await lockOrderById(tx, orderId))!;
  // The change and its order are of this site (start-time-change writes both with it).
  const { rows } = await tx.execute<{ currency: string }>(
    sql`SELECT COALESCE(settings ->> 'currency', 'JPY') AS currency FROM sites WHERE code = ${site}`,
  );
  return { id: order.id, status: order.status, lapsed: order.lapsed, currency: rows[0]!.currency };
}

/**
 * Under the change's and its order's row locks: answer a completed change again, join the top-up in flight,
 * or move the change's temporary order to paying with a new attempt for the top-up (ADR 029). A change
 * that is no longer pending or whose hold ran out: `time change status is not pending or time change expired`.
 */
async function beginTopUp(
  tx: Tx,
  deps: CheckoutDeps,
  site: SiteCode,
  reservationToken: string,
  timechangeToken: string,
  body: CheckoutBody,
  staffDecision: StaffDecision | undefined,
): Promise<Begun> {
  const change = await changeByTokens(tx, site, reservationToken, timechangeToken, true);
  if (!change) throw new AppError('record_not_found');
  if (change.status === 'done') {
    const { rows } = await tx.execute<{ reservation_token: string; reservation_number: string }>(
      sql`SELECT reservation_token, reservation_number FROM reservations WHERE id = ${change.reservationId}`,
    );
    return { kind: 'answered', response: { status: 'reserved', ...rows[0]! } };
  }
  if (change.status !== 'pending') throw new AppError('time_change_not_pending');
  const order = await lockedOrder(tx, site, change.orderId);
  if (order.status === 'paying') {
    const paymentId = await inFlightAttemptId(tx, order.id);
    if (paymentId !== undefined) return { kind: 'in_flight', paymentId };
  }
  if (!['holding', 'ready_checkout'].includes(order.status) || order.lapsed) {
    throw new AppError('time_change_not_pending');
  }
  // A ticket refunded since the change started (review finding 2): refused before any money is taken. The
  // settling transaction checks again under the old order's lock (claimPaidChange).
  const { rows: touched } = await tx.execute<{ touched: boolean }>(
    sql`SELECT ${refundTouchedSql(sql`${change.reservationId}::bigint`)} AS touched`,
  );
  if (touched[0]!.touched) throw new AppError('cannot_change_ticket', 'a ticket was refunded meanwhile');
  // The address the new date is mailed to, as it is now (staff may have edited it since the change began).
  const { rows: holder } = await tx.execute<{ email: string | null }>(
    sql`SELECT email FROM reservations WHERE id = ${change.reservationId}`,
  );
  assertChangeMailable(holder[0]?.email ?? null);
  const decision = staffDecision?.topUp.kind ?? 'visitor';
  if (decision === 'none' && change.topUp > 0) throw new AppError('invalid_request', 'a top-up is owed');
  const waived = decision === 'waive' ? change.topUp : 0;
  const method: PaymentMethodId = change.topUp === 0 || waived > 0 ? 'free' : body.payment_method_type;
  // Staff take money at the counter: the site's box-office (`pos`) methods, not the visitor's web ones.
  const channel = staffDecision ? 'pos' : 'web';
  if (method !== 'free' && !(await methodEnabled(tx, site, channel, method))) {
    throw new AppError('invalid_request', `payment method ${method} is not offered on this site and channel`);
  }
  const provider = deps.payments.providerFor(method);
  if (!provider) throw new AppError('payment_api_failure', `no provider for ${method} yet`);
  if (order.status === 'holding') {
    await transitionOrders(tx, {
      orders: orderById(order.id),
      to: 'ready_checkout',
      reason: 'date_change_confirmed',
    });
  }
  await transitionOrders(tx, { orders: orderById(order.id), to: 'paying', reason: 'checkout' });
  if (staffDecision) {
    await recordAudit(tx, {
      actor: staffDecision.actor,
      siteCode: site,
      objectType: 'order',
      objectId: String(change.fromOrderId),
      action: waived > 0 ? 'date_change_top_up_waived' : 'date_changed_by_staff',
      after: {
        time_change_id: change.id,
        to_order_id: change.orderId,
        from_time_span_id: change.fromTimeSpanId,
        to_time_span_id: change.toTimeSpanId,
        price_difference: change.priceDifference,
        top_up: change.topUp,
        collected: change.topUp - waived,
        method,
        waived,
        ...(staffDecision.topUp.kind === 'waive' ? { reason: staffDecision.topUp.reason } : {}),
      },
    });
  }
  const attempt = await insertAttempt(tx, {
    orderId: order.id,
    siteCode: site,
    method,
    amount: change.topUp - waived,
    currency: order.currency,
    maskedCardNumber: body.masked_card_number,
    instanceId: deps.instanceId,
  });
  return { kind: 'started', attempt, provider };
}

/**
 * POST /timechanges/{reservationToken}/{timechangeToken}/checkout (ADR 029): the top-up goes through the
 * same provider registry, attempts and settleAttempt as an order's checkout, so every method works and an
 * outcome is applied once; settleAttempt completes the change in the transaction that confirms the
 * payment. A change with nothing to pay goes through the `free` provider. Declined: nothing moves, the
 * hold stays and the visitor may pay again.
 */
export async function checkoutTimeChange(
  deps: CheckoutDeps,
  site: SiteCode,
  reservationToken: string,
  timechangeToken: string,
  body: CheckoutBody,
  /** Staff change the date for the visitor (the order desk): how the top-up is settled, audited. */
  staffDecision?: StaffDecision,
): Promise<CheckoutResponse> {
  assertServedMethod(deps.payments, body.payment_method_type);
  const begun = await deps.db.transaction((tx) =>
    beginTopUp(tx, deps, site, reservationToken, timechangeToken, body, staffDecision),
  );
  // A card terminal's approval number goes to the counter provider, which keeps it in its events (ADR 077).
  const approval = staffDecision?.topUp.kind === 'collect' ? staffDecision.topUp.terminalApproval : undefined;
  return payBegunAttempt(deps, begun, body, approval === undefined ? {} : { terminalApproval: approval });
}

/**
 * DELETE /timechanges/{reservationToken}/{timechangeToken}: the visitor gives up the change; its hold is
 * cancelled and the new slot's stock given back. A change already paying, done or over: `time change
 * status is not pending or time change expired`.
 */
export async function cancelTimeChange(
  deps: Pick<CheckoutDeps, 'db'>,
  site: SiteCode,
  reservationToken: string,
  timechangeToken: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const change = await changeByTokens(tx, site, reservationToken, timechangeToken, true);
    if (!change) throw new AppError('record_not_found');
    if (change.status !== 'pending') throw new AppError('time_change_not_pending');
    const cancelled = await transitionOrders(tx, {
      orders: lockedOpenOrderById(change.orderId),
      to: 'cancelled',
      reason: 'cancelled_by_visitor',
    });
    if (cancelled.length === 0) throw new AppError('time_change_not_pending');
    await releaseHolds(tx, cancelled);
    await tx.execute(sql`UPDATE time_changes SET status = 'cancelled' WHERE id = ${change.id}`);
  });
}
