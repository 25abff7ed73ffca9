import type { OrderTimelineSource } from './orders-schemas.ts';

/**
 * Every key an order's timeline entry can carry in its `detail`, by source (the server's order-timeline.ts),
 * and the closed lists of codes some of their values come from. The console labels each key and words each
 * code in six languages (the orders feature's timeline-details.test.ts reads these lists), and the server is
 * typed with them: order-timeline.ts takes for each source only its keys, and recordAudit takes in the
 * `after` of an event on a purchase's objects only ORDER_TIMELINE_AUDIT_DETAIL_KEYS (shown as that entry's
 * detail), so a new key fails `tsc -p apps/server` until it joins here. Never rename one: stored audit rows
 * keep their keys. `detail` itself stays any record, so an older row's key still shows (as it is).
 */

/**
 * Why an order moved (`order_events.reason`): the server's TransitionReason (order-state.ts), and `hold`,
 * the first event hold-statements.ts writes in SQL when it creates the order.
 */
export const ORDER_TRANSITION_REASONS = [
  'hold',
  'customer_info',
  'mail_confirmed',
  /** A mail-confirm site's order whose confirmed address was replaced: it waits for the new one's link (ADR 020). */
  'email_changed',
  'checkout',
  'payment_confirmed',
  'payment_failed',
  'hold_expired',
  'payment_abandoned',
  'cancelled_by_visitor',
  'refunded',
  /** A change of date's temporary order checks out (ADR 029). */
  'date_change_confirmed',
  /** The reservation moved to a change of date's order (ADR 029). */
  'date_changed',
  /** An open hold on a slot a move closed (ADR 079): expired, its stock back, before it could pay. */
  'slot_closed',
] as const;
export type OrderTransitionReason = (typeof ORDER_TRANSITION_REASONS)[number];

/** The reasons the console's cancel dialog offers (stored as these codes; staff may type their own instead). */
export const STAFF_REFUND_REASONS = [
  'visitor_request',
  'visitor_sick',
  'wrong_date',
  'duplicate_purchase',
  'venue_closed',
] as const;
/** The reasons the system stores on the refunds it makes itself (moves, the moved-visit link, partners). */
export const SYSTEM_REFUND_REASONS = ['slot_closed', 'moved_visit_refund', 'partner_cancelled'] as const;
export type SystemRefundReason = (typeof SYSTEM_REFUND_REASONS)[number];
/** A refund's `reason` when it is a code (`refunds.reason`); anything else is what staff typed. */
export const REFUND_REASONS = [...STAFF_REFUND_REASONS, ...SYSTEM_REFUND_REASONS] as const;

/** A mail's state in the outbox (`mail_outbox.status`): the mail source's `status`. */
export const ORDER_TIMELINE_MAIL_STATUSES = ['pending', 'sent', 'stored', 'failed'] as const;

/** Whether a cancel gave money back (`tickets_cancelled`'s `money`). */
export const REFUND_MONEY = ['refund', 'none'] as const;

/** The visitor's details the order desk edits (`visitor_details_changed`'s `fields`, comma-separated). */
export const EDITED_VISITOR_FIELDS = ['fullname', 'email', 'phone'] as const;

/**
 * What the audit log stores in place of a value (audit-redaction.ts): a secret's, and a visitor's personal
 * data (kept apart, erasable). Either may stand for any key's value.
 */
export const AUDIT_PLACEHOLDERS = ['[secret]', '[personal]'] as const;

/** Detail keys whose value is an amount of yen, a count, a time: the console formats them as such. */
export const ORDER_TIMELINE_YEN_KEYS = [
  'amount',
  'price',
  'paid',
  'price_difference',
  'top_up',
  'collected',
  'waived',
  'total',
  'received',
  'change',
  'limit_yen',
] as const;
export const ORDER_TIMELINE_COUNT_KEYS = [
  'quantity',
  'tickets',
  'orders',
  'reservations',
  'mails',
  'places_back',
  'admitted',
] as const;
export const ORDER_TIMELINE_TIME_KEYS = ['starts_at', 'offline_at'] as const;

/**
 * The keys an audit event's `after` holds on a purchase's objects (recordAudit's callers for the actions of
 * ORDER_TIMELINE_AUDIT_ACTIONS); the timeline shows those whose value is a string, number, boolean or null.
 */
export const ORDER_TIMELINE_AUDIT_DETAIL_KEYS = [
  // Ids of the purchase's rows and of what the event concerns.
  'order_id',
  'to_order_id',
  'reservation_id',
  'payment_id',
  'refund_id',
  'ticket_ids',
  'mail_id',
  'time_span_id',
  'from_time_span_id',
  'to_time_span_id',
  'time_change_id',
  'visitor_move_id',
  'visitor_move_item_id',
  'check_in_id',
  'gate_id',
  ...ORDER_TIMELINE_YEN_KEYS,
  ...ORDER_TIMELINE_COUNT_KEYS,
  ...ORDER_TIMELINE_TIME_KEYS,
  // Codes of a closed list (status by the object's type, method, mode, result, money, fields).
  'status',
  'method',
  'mode',
  'result',
  'money',
  'fields',
  'customer_info',
  // Yes or no.
  'order_refunded',
  'mailed',
  // Free values: a gateway's code, staff's words, a printed number.
  'reason',
  'failure_code',
  'note',
  'return_note',
  'approval_number',
] as const;
export type OrderTimelineAuditDetailKey = (typeof ORDER_TIMELINE_AUDIT_DETAIL_KEYS)[number];

export const ORDER_TIMELINE_DETAIL_KEYS = {
  /** `order_events`: the order, its status before, why. */
  status: ['order_id', 'from_status', 'reason'],
  payment: ['order_id', 'method', 'amount'],
  mail: ['status'],
  check_in: ['ticket_id', 'method'],
  refund: ['amount', 'reason'],
  /** The audit event's object, then its `after`. */
  audit: ['object_type', 'object_id', ...ORDER_TIMELINE_AUDIT_DETAIL_KEYS],
} as const satisfies Record<OrderTimelineSource, readonly string[]>;
export type OrderTimelineDetailKey<S extends OrderTimelineSource> =
  (typeof ORDER_TIMELINE_DETAIL_KEYS)[S][number];
