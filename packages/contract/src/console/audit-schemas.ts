import { z } from 'zod';
import { siteCodeSchema } from '../enum-schemas.ts';
import { secretToken } from '../secret.ts';
import { storableText } from '../validation/storable-text.ts';

/**
 * The shapes of the console's audit log (issue 27, ADR 065): the organisation's events, newest first, with
 * filters and a cursor; one object's history, with an order's `order_events` merged in by time.
 */

/** `token`: a call made with an API token (issue 30, ADR 088); its label names the token (name and prefix). */
export const AUDIT_ACTOR_KINDS = ['staff', 'device', 'system', 'visitor', 'token'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/**
 * Every action the server records (recordAudit's `action`), grouped by what they are about. The server types
 * its events with this list, so a new action fails its type check until it joins here (and the console's
 * audit texts test then asks for its words). Never rename one: stored rows keep their codes. The queries
 * below still take any word, for rows written before a code left the list. An action on a purchase's objects
 * joins ORDER_TIMELINE_AUDIT_ACTIONS too (order-timeline-codes.ts), for the order page's timeline.
 */
export const AUDIT_ACTIONS = [
  // Any object's life: created, changed, removed, switched, registered, ordered.
  'create',
  'update',
  'delete',
  'enable',
  'disable',
  'revoke',
  'register',
  'upload',
  'reorder',
  'reorder_ticket_types',
  'publish',
  'unpublish',
  'retire',
  'rotate_secret',
  // Kiosks and gate devices.
  'pairing',
  'paired',
  'checked_in',
  'checked_in_twice',
  // Orders, payments and refunds.
  'paid',
  'cancelled',
  'box_office_sale',
  'tickets_cancelled',
  'personal_data_erased',
  'purchase_mail_resent',
  'visitor_details_changed',
  'payment_confirmed',
  'payment_failed',
  'payment_refunded',
  'payment_refund_failed',
  'refund_awaiting_approval',
  'refund_approved',
  'refund_rejected',
  'refund_succeeded',
  'refund_failed',
  'refund_manual',
  'refund_recorded_manually',
  // Changes of date and moves of visitors.
  'date_changed',
  'date_changed_by_staff',
  'date_change_top_up_waived',
  'visit_moved',
  'visitor_move_started',
  'visitor_move_finished',
  'slot_closed_for_move',
  'hold_expired_for_move',
  // Slots.
  'created',
  'generated',
  'edited',
  'shifted',
  'capacity_changed',
  'closed',
  'reopened',
  'day_closed',
  // Partners, members, reports, webhooks, API tokens.
  'release',
  'import',
  'import_update',
  'member_erased',
  'exported',
  'updated',
  'redelivery',
  'ping',
  'disabled',
  'api_call',
  // Staff: sign-in, own account, invitations, members and roles.
  'signed_in',
  'password_accepted',
  'sign_in_failed',
  'signed_out',
  'other_sessions_ended',
  'reauthenticated',
  'reauthentication_failed',
  'password_changed',
  'password_reset_requested',
  'password_reset',
  'second_factor_accepted',
  'second_factor_failed',
  'second_factor_daily_limit_reached',
  'second_factor_enrolled',
  'second_factor_reset',
  'recovery_codes_replaced',
  'owner_created',
  'invited',
  'invitation_accepted',
  'invitation_revoked',
  'membership_changed',
  'member_removed',
  'role_created',
  'role_changed',
  'role_deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Every kind of object the server records events of (recordAudit's `objectType`); the same rules as above. */
export const AUDIT_OBJECT_TYPES = [
  'order',
  'payment',
  'refund',
  'reservation',
  'ticket',
  'slot',
  'product',
  'option_value',
  'set_product',
  'membership_promotion',
  'coupon',
  'coupon_batch',
  'coupon_campaign',
  'visitor_invitation',
  'visitor_move',
  'member_import',
  'member',
  'partner',
  'allotment',
  'api_token',
  'webhook',
  'report',
  'report_schedule',
  'gate_device',
  'kiosk_device',
  'spot_poster',
  'site',
  'site_settings',
  'site_texts',
  'site_image',
  'site_script',
  'site_secret',
  'staff',
  'staff_role',
  'staff_invitation',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/** An id in a query (`?staff=12`): a positive integer. */
const queryIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'must be a positive integer id')
  .transform(Number);

/**
 * An object type or action as the domain names them: snake_case words. Any word, not only the lists above:
 * the log keeps rows whose codes a later version no longer writes.
 */
const auditWordSchema = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'expected a word such as order or paid');
/**
 * An object's id as recorded (an order's id, a staff member's id, a site's code). Secret in a URL: an order's id
 * is also the visitor's handle on the order, so logs never keep it (ADR 049).
 */
const auditObjectIdSchema = secretToken(storableText().min(1).max(200));
const instantSchema = z.iso.datetime({ offset: true });

/** The next page: the last event's id (the log is listed in the order it was written). */
const cursorSchema = z.string().regex(/^[1-9]\d{0,17}$/, 'not a cursor');

// GET /audit-events
export const auditEventsQuerySchema = z.object({
  actor_kind: z.enum(AUDIT_ACTOR_KINDS).optional(),
  staff: queryIdSchema.optional(),
  device: queryIdSchema.optional(),
  object_type: auditWordSchema.optional(),
  object_id: auditObjectIdSchema.optional(),
  action: auditWordSchema.optional(),
  site: siteCodeSchema.optional(),
  from: instantSchema.optional(),
  to: instantSchema.optional(),
  cursor: cursorSchema.optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'a number from 1 to 200')
    .transform(Number)
    .pipe(z.number().int().min(1).max(200))
    .optional(),
});
export type AuditEventsQuery = z.infer<typeof auditEventsQuerySchema>;

export const auditActorSchema = z.object({
  kind: z.enum(AUDIT_ACTOR_KINDS),
  staff_id: z.number().int().nullable(),
  device_id: z.number().int().nullable(),
  /** The gate device's label, a job's name, a visitor's order: what to show when no id says it. */
  label: z.string().nullable(),
});

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: instantSchema,
  actor: auditActorSchema,
  site_code: z.string().nullable(),
  object_type: z.string(),
  object_id: z.string(),
  action: z.string(),
  /** Secrets read "[secret]" and were never stored; personal data reads "[personal]" here and is in `personal`. */
  before: z.unknown(),
  after: z.unknown(),
  /** The visitor's personal data by path (`customer_info`), or null: none, or erased on request. */
  personal: z
    .object({ before: z.record(z.string(), z.unknown()), after: z.record(z.string(), z.unknown()) })
    .nullable(),
  personal_erased: z.boolean(),
  client_address: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditEventsResponseSchema = z.object({
  events: z.array(auditEventSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});

// GET /audit-events/objects/:objectType/:objectId
export const auditObjectParamsSchema = z.object({
  objectType: auditWordSchema,
  objectId: auditObjectIdSchema,
});

/** A move of an order's status (`order_events`, ADR 011), shown beside the audit events of the order. */
export const orderStatusEventSchema = z.object({
  id: z.number().int(),
  at: instantSchema,
  from_status: z.string().nullable(),
  to_status: z.string(),
  reason: z.string(),
});

export const auditHistoryEntrySchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('audit'), event: auditEventSchema }),
  z.object({ source: z.literal('order_status'), event: orderStatusEventSchema }),
]);

export const auditObjectHistoryResponseSchema = z.object({
  object_type: z.string(),
  object_id: z.string(),
  /** Oldest first, by time; an order's status moves among its audit events. */
  entries: z.array(auditHistoryEntrySchema),
});
