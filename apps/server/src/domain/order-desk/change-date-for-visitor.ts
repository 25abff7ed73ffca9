import { sql } from 'drizzle-orm';
import type { LangCode, PaymentMethodId } from '@kippu/contract';
import {
  COUNTER_METHODS,
  type ChangeOrderDateBody,
  type ChangeOrderDateResponse,
  type CounterMethod,
  type OrderDateOptionsResponse,
} from '@kippu/contract/console/orders-schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import type { CheckoutDeps } from '../checkout/checkout.ts';
import { startTimeChange, type TimeChangeDeps } from '../time-changes/start-time-change.ts';
import { cancelTimeChange, checkoutTimeChange } from '../time-changes/time-change-checkout.ts';
import { timeChangeOptions } from '../time-changes/time-change-options.ts';
import { changeByTokens } from '../time-changes/time-change-store.ts';
import { orderPurchase, type OrderPurchase } from './order-purchase.ts';

export interface DeskDateChangeDeps {
  /** The change's hold (ADR 029): the one stock holder. */
  time: TimeChangeDeps;
  /** The change's top-up: the registry, attempts and settleAttempt of every checkout. */
  checkout: CheckoutDeps;
}

/**
 * Who changes the date, as a waiver needs them (ADR 078, "Waiving is giving money away"): a waived top-up is
 * money the organisation does not take, so above the organisation's `refund_limit_yen` it is a refund's
 * decision: only a member who may refund without that limit (refunds write, not limited to the organisation's
 * limit) waives it. Collecting, or nothing owed, needs only orders write.
 */
export interface DeskStaff {
  actor: AuditActor;
  organisationId: number;
  /** Refunds write without `refundsUpToOrganisationLimit`: may waive any amount. */
  waivesAboveLimit: boolean;
}

/** A waiver above the organisation's limit from a member who may not refund that much: refused. */
async function checkWaiver(db: Db, staff: DeskStaff, waived: number): Promise<void> {
  if (waived === 0 || staff.waivesAboveLimit) return;
  const { rows } = await db.execute<{ limit: number }>(
    sql`SELECT refund_limit_yen AS limit FROM organisations WHERE id = ${staff.organisationId}`,
  );
  if (waived > Number(rows[0]?.limit ?? 0)) {
    throw new AppError('console_refund_needs_other_approver', 'a waiver above the refund limit');
  }
}

/** The purchase of an order that may change date: a reservation whose current order this is. */
async function changeablePurchase(
  db: Db,
  site: string,
  orderId: number,
): Promise<OrderPurchase & { reservationToken: string }> {
  const purchase = await orderPurchase(db, site, orderId);
  // An order without a reservation has no visit to move; one a change left behind moves through its successor.
  if (!purchase || purchase.reservationToken === null || purchase.currentOrderId !== orderId) {
    throw new AppError('record_not_found');
  }
  return { ...purchase, reservationToken: purchase.reservationToken };
}

/**
 * The counter methods that can take a top-up now: a payment family serves the method (the payments helper's
 * `counter` family, ADR 077) and the site offers it on its box-office channel (`pos`). Empty until both are.
 */
export async function collectMethods(
  db: Db,
  deps: DeskDateChangeDeps,
  site: string,
): Promise<CounterMethod[]> {
  const served = COUNTER_METHODS.filter((method) => deps.checkout.payments.kindOf(method as PaymentMethodId));
  if (served.length === 0) return [];
  const { rows } = await db.execute<{ method: CounterMethod }>(sql`
    SELECT method FROM payment_methods
    WHERE site_code = ${site} AND channel = 'pos' AND enabled AND method = ANY(${sql.param(served)}::text[])`);
  return served.filter((method) => rows.some((row) => row.method === method));
}

/**
 * GET /sites/:site/orders/:id/date-change (ADR 078): the visitor's own options (`timeChangeOptions`, ADR 029:
 * the same products, deadline, room and prices), with the counter methods a top-up can be collected with.
 */
export async function deskDateOptions(
  db: Db,
  deps: DeskDateChangeDeps,
  site: string,
  orderId: number,
  query: { date?: string; lang?: LangCode },
): Promise<OrderDateOptionsResponse> {
  const purchase = await changeablePurchase(db, site, orderId);
  const options = await timeChangeOptions(
    db,
    site as Parameters<typeof timeChangeOptions>[1],
    purchase.reservationToken,
    query.lang ?? (purchase.lang as LangCode),
    query.date,
  );
  return {
    current: {
      product_name: options.current.product_name,
      time_span_id: options.current.time_span_id,
      starts_at: options.current.starts_at,
      ends_at: options.current.ends_at,
      quantity: options.current.quantity,
      price: options.current.price,
    },
    changeable: options.changeable,
    change_until: options.change_until,
    pending_change: options.pending_timechange_token !== null,
    date: options.date,
    slots: options.slots.map((slot) => ({
      product_name: slot.product_name,
      time_span_id: slot.time_span_id,
      starts_at: slot.starts_at,
      ends_at: slot.ends_at,
      remaining: slot.remaining,
      price: slot.price,
      price_difference: slot.price_difference,
    })),
    collect_methods: await collectMethods(db, deps, site),
  };
}

/**
 * POST /sites/:site/orders/:id/date-change (ADR 078): staff move the visit for the visitor with the very
 * functions of the visitor's own change (ADR 029): `startTimeChange` holds the new slot under the same rules,
 * `checkoutTimeChange` settles the top-up and completes the move (tickets get new secrets, the date-changed
 * mail is queued), given the staff decision: nothing owed, collected at the counter, or waived with a reason
 * (audited with the staff member). A top-up that is owed but neither collected nor waived, or a counter
 * method not yet available, gives the hold back at once and answers `invalid request`; a waiver above the
 * organisation's refund limit by a member who may not refund that much answers `console refund needs other
 * approver`, the hold given back too.
 */
export async function changeDateForVisitor(
  db: Db,
  deps: DeskDateChangeDeps,
  staff: DeskStaff,
  site: string,
  orderId: number,
  body: ChangeOrderDateBody,
): Promise<ChangeOrderDateResponse> {
  const purchase = await changeablePurchase(db, site, orderId);
  const siteCode = site as Parameters<typeof startTimeChange>[2];
  if (
    body.top_up.kind === 'collect' &&
    !(await collectMethods(db, deps, site)).includes(body.top_up.method)
  ) {
    throw new AppError('invalid_request', `${body.top_up.method} cannot take money on this site yet`);
  }
  const started = await startTimeChange(db, deps.time, siteCode, purchase.reservationToken, {
    time_span_id: body.time_span_id,
    lang: purchase.lang as LangCode,
  });
  const change = (await changeByTokens(db, siteCode, purchase.reservationToken, started.timechange_token))!;
  const method: PaymentMethodId =
    body.top_up.kind === 'collect' && change.topUp > 0 ? (body.top_up.method as PaymentMethodId) : 'free';
  const { actor } = staff;
  try {
    // The amount is the change's own top-up, known once its hold is taken.
    if (body.top_up.kind === 'waive') await checkWaiver(db, staff, change.topUp);
    const paid = await checkoutTimeChange(
      deps.checkout,
      siteCode,
      purchase.reservationToken,
      started.timechange_token,
      { payment_method_type: method },
      {
        actor,
        topUp:
          body.top_up.kind === 'collect'
            ? {
                kind: 'collect',
                method,
                ...(body.top_up.terminal_approval ? { terminalApproval: body.top_up.terminal_approval } : {}),
              }
            : body.top_up,
      },
    );
    if (paid.status !== 'reserved')
      throw new AppError('payment_api_failure', 'a counter payment asked for a redirect');
  } catch (error) {
    // Refused before any money moved (nothing owed was said, a method not offered): the hold goes back now
    // rather than when it runs out. A change already paying is left to its payment.
    await cancelTimeChange({ db }, siteCode, purchase.reservationToken, started.timechange_token).catch(
      () => {},
    );
    throw error;
  }
  const { rows } = await db.execute<{ order_id: number; starts_at: string; ends_at: string }>(sql`
    SELECT r.order_id, t.starts_at, t.ends_at FROM reservations r
    JOIN orders o ON o.id = r.order_id JOIN time_spans t ON t.id = o.time_span_id
    WHERE r.id = ${purchase.reservationId}`);
  const now = rows[0]!;
  const waived = body.top_up.kind === 'waive' ? change.topUp : 0;
  return {
    order_id: Number(now.order_id),
    starts_at: new Date(now.starts_at).toISOString(),
    ends_at: new Date(now.ends_at).toISOString(),
    price_difference: change.priceDifference,
    collected: change.topUp - waived,
    waived,
  };
}
