import { CHECK_IN_RESULTS, ORDER_STATUSES } from '../enums.ts';
import type { AuditAction, AuditObjectType } from './audit-schemas.ts';
import type { OrderTimelineSource } from './orders-schemas.ts';
import { REFUND_STATUSES } from './refunds-schemas.ts';

/**
 * Every code an order's timeline can show as an entry's `what`, by source (the server's order-timeline.ts).
 * The console words each in six languages (the orders feature's timeline-texts.test.ts reads these lists),
 * and the server is typed with them: recordAudit takes on a purchase's objects only the actions below, and
 * order-timeline.ts checks each source's column type against its list, so a new code fails
 * `tsc -p apps/server` until it joins here. Never rename one: stored rows keep their codes. `what` itself
 * stays any string, so a row written before a code left a list still shows (as its code) instead of failing
 * the page.
 */

/** The audit objects the timeline gathers (a purchase's orders, reservation, tickets, payments, refunds). */
export const ORDER_TIMELINE_OBJECT_TYPES = [
  'order',
  'reservation',
  'ticket',
  'payment',
  'refund',
] as const satisfies readonly AuditObjectType[];
export type OrderTimelineObjectType = (typeof ORDER_TIMELINE_OBJECT_TYPES)[number];

/** The actions recorded on those objects: the only ones recordAudit accepts for them. */
export const ORDER_TIMELINE_AUDIT_ACTIONS = [
  // order
  'paid',
  'cancelled',
  'box_office_sale',
  'tickets_cancelled',
  'refund_awaiting_approval',
  'personal_data_erased',
  'purchase_mail_resent',
  'visitor_details_changed',
  'date_changed_by_staff',
  'date_change_top_up_waived',
  'hold_expired_for_move',
  // reservation
  'date_changed',
  'visit_moved',
  // ticket
  'checked_in',
  'checked_in_twice',
  // payment
  'payment_confirmed',
  'payment_failed',
  'payment_refunded',
  'payment_refund_failed',
  // refund
  'refund_approved',
  'refund_rejected',
  'refund_succeeded',
  'refund_failed',
  'refund_manual',
  'refund_recorded_manually',
] as const satisfies readonly AuditAction[];
export type OrderTimelineAuditAction = (typeof ORDER_TIMELINE_AUDIT_ACTIONS)[number];

/** A payment's status (migration 0540's CHECK). */
export const ORDER_TIMELINE_PAYMENT_STATUSES = [
  'created',
  'pending',
  'confirmed',
  'failed',
  'canceled',
  'refunded',
] as const;

/** The kinds of mail that name a reservation (their payload's `reservationNumber`): the timeline's mails. */
export const ORDER_TIMELINE_MAIL_KINDS = [
  'purchase_confirmation',
  'date_changed',
  'slot_moved',
  'visit_moved',
  'shared_visit_moved',
  'refund_issued',
] as const;

export const ORDER_TIMELINE_CODES = {
  /** The order's new status (`order_events.to_status`). */
  status: ORDER_STATUSES,
  payment: ORDER_TIMELINE_PAYMENT_STATUSES,
  mail: ORDER_TIMELINE_MAIL_KINDS,
  /** A check-in's result (`available` is only ever answered, never stored; listed with the others). */
  check_in: CHECK_IN_RESULTS,
  refund: REFUND_STATUSES,
  audit: ORDER_TIMELINE_AUDIT_ACTIONS,
} as const satisfies Record<OrderTimelineSource, readonly string[]>;
export type OrderTimelineCode<S extends OrderTimelineSource> = (typeof ORDER_TIMELINE_CODES)[S][number];
