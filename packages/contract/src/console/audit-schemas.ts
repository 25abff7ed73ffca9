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

/** An id in a query (`?staff=12`): a positive integer. */
const queryIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'must be a positive integer id')
  .transform(Number);

/** An object type or action as the domain names them: snake_case words. */
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
