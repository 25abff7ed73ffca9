import { z } from 'zod';
import { siteCodeSchema } from '../enum-schemas.ts';
import { numericIdSchema } from '../endpoints/catalogue-common.ts';
import { secretToken } from '../secret.ts';
import { storableText } from '../validation/storable-text.ts';

/**
 * The console's webhooks (issue 30, ADR 087): an organisation's subscriptions (optionally limited to some
 * of its sites) to event types, each delivered as a signed JSON POST (docs/webhooks.md: body, headers,
 * retries, verification). The signing secret is answered once, at creation and at rotation; reads never
 * carry it.
 */

/** What a subscription can listen to; each comes from the audit events the domain writes (ADR 087's table). */
export const WEBHOOK_EVENT_TYPES = [
  'reservation.created',
  'reservation.cancelled',
  'reservation.refunded',
  'reservation.date_changed',
  'ticket.checked_in',
  'slot.changed',
  'product.changed',
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;
/** A delivery's event: a subscribed type, or `ping` (POST /webhooks/:id/ping, never subscribed to). */
export const webhookDeliveryEventTypeSchema = z.enum([...WEBHOOK_EVENT_TYPES, 'ping']);

/** Why a subscription is off: staff turned it off, the receiver answered 410 Gone, or deliveries kept failing. */
export const WEBHOOK_DISABLED_REASONS = ['staff', 'gone', 'failures'] as const;

/** `/webhooks/:id` (the subscription's numeric id). */
export const webhookParamsSchema = z.object({ id: numericIdSchema });
/**
 * A delivery's id under its subscription: one that is no positive integer names no delivery and reads as 0,
 * which none has, so the route answers 404 `record not found` AFTER the subscription's own check, as for an
 * unknown delivery. A 400 here would answer before that check: another organisation's subscription id with a
 * malformed delivery id would not get the 404 every other organisation's object gets (console fuzz).
 */
const deliveryIdSchema = z
  .string()
  .max(40)
  .transform((value) => (/^[1-9]\d{0,14}$/.test(value) ? Number(value) : 0));
/** `/webhooks/:id/deliveries/:deliveryId/...`. */
export const webhookDeliveryParamsSchema = z.object({ id: numericIdSchema, deliveryId: deliveryIdSchema });

/**
 * Where deliveries go: an absolute http(s) URL. Private, loopback, link-local, unspecified and multicast
 * addresses are refused outside development (400 `webhook_target_refused`), here and again at every delivery
 * on the address actually connected to.
 */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'http or https only');

/** Create or replace a subscription. `site_codes` null: every site of the organisation, today's and later ones. */
export const webhookBodySchema = z.object({
  url: webhookUrlSchema,
  description: storableText().max(200).default(''),
  event_types: z
    .array(webhookEventTypeSchema)
    .min(1)
    .refine((types) => new Set(types).size === types.length, 'each event type once'),
  site_codes: z.array(siteCodeSchema).min(1).max(200).nullable().default(null),
  /** Turning a disabled subscription on again resets its failure count. */
  enabled: z.boolean().default(true),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;

/** A subscription as the console shows it (never its secret). */
export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(webhookEventTypeSchema),
  site_codes: z.array(z.string()).nullable(),
  enabled: z.boolean(),
  disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabled_at: z.string().nullable(),
  /** Deliveries that failed in a row (each after all its attempts, or answered 410); reset by a success. */
  consecutive_failures: z.number().int(),
  /** Until then the previous secret signs too (the signature header carries two `v1=`); null: none. */
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookView = z.infer<typeof webhookSchema>;

export const webhooksResponseSchema = z.object({ webhooks: z.array(webhookSchema) });

/** Creation and rotation: the secret, this once (`whsec_` + 32 random bytes as base64url). */
export const webhookWithSecretSchema = z.object({
  webhook: webhookSchema,
  secret: secretToken(z.string()),
});

/** A rotation: how long the old secret keeps signing beside the new one (default 24 h, at most 7 days). */
export const webhookRotateBodySchema = z.object({
  grace_hours: z.number().int().min(0).max(168).default(24),
});

/** One try of a delivery: the receiver's status (null when none came: refused, timeout, network), kept for the log. */
export const webhookAttemptSchema = z.object({
  number: z.number().int(),
  at: z.string(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  /** Why it failed without a status: `timeout`, `target_refused`, `connection_failed`, `redirect`... */
  error: z.string().nullable(),
  /** The first 1 KB of the response body, as text. */
  response_excerpt: z.string().nullable(),
  manual: z.boolean(),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** One event for one subscription, with its tries, newest first in the log. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The event's id: the same on every try and redelivery (the `Kippu-Webhook-Id` header, `id` in the body). */
  event_id: z.string(),
  event_type: webhookDeliveryEventTypeSchema,
  site_code: z.string().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.array(webhookAttemptSchema),
  /** When the next try is due (pending); null once delivered or failed. */
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.object({
  /** The `next_cursor` of the previous page. */
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const webhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.number().int().nullable(),
});
