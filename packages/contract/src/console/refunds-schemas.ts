import { z } from 'zod';
import { ORDER_STATUSES } from '../enums.ts';
import { siteCodeSchema } from '../enum-schemas.ts';
import { numericIdSchema } from '../endpoints/catalogue-common.ts';
import { storableText } from '../validation/storable-text.ts';

/**
 * The console's refunds (issue 29, ADR 076): by ticket, each ticket's money its price less its share of the
 * order's discounts; above the organisation's limit a second staff member approves. Money is integer yen.
 */

const money = z.number().int().nonnegative();

/** A refund's status (migration 0890). */
export const REFUND_STATUSES = [
  'none',
  'awaiting_approval',
  'requested',
  'succeeded',
  'failed',
  'manual',
  'rejected',
] as const;
export const refundStatusSchema = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

/** `/sites/:site/orders/:id/...` (the order's numeric id). */
export const refundOrderParamsSchema = z.object({ site: siteCodeSchema, id: numericIdSchema });
/** `/sites/:site/refunds/:id/...` (the refund's id). */
export const refundParamsSchema = z.object({ site: siteCodeSchema, id: numericIdSchema });

/** One ticket of the order as a refund sees it. */
export const refundTicketSchema = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  /** The ticket type's price. */
  price: money,
  /** Its share of the order's coupon and membership discounts (negative when add-ons were paid on top). */
  discount_share: z.number().int(),
  /** What cancelling it gives back. */
  amount: money,
  /** Valid and in no refund waiting or done. */
  refundable: z.boolean(),
  status: z.enum(['valid', 'used', 'void']),
  /** Voided by a refund. */
  refunded: z.boolean(),
});

/** A refund of the order, for its page. */
export const orderRefundSchema = z.object({
  id: z.number().int(),
  status: refundStatusSchema,
  amount: money,
  ticket_ids: z.array(z.number().int()),
  reason: z.string(),
  requested_by: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  return_note_number: z.string().nullable(),
  failure_code: z.string().nullable(),
  /** A manual refund's record: when (and the note). */
  manual_recorded_at: z.string().nullable(),
  manual_note: z.string().nullable(),
});

/** GET /sites/:site/orders/:id/refund-preview: each ticket's money before a cancel. */
export const refundPreviewResponseSchema = z.object({
  order_id: z.number().int(),
  order_status: z.enum(ORDER_STATUSES),
  /** Paid for the order (after a change of date: the purchase and its top-ups). */
  paid: money,
  /** Given back or promised already. */
  refunded: money,
  remaining: money,
  /** Above this the caller's refund waits for a second staff member; null: no limit for the caller. */
  approval_limit_yen: money.nullable(),
  tickets: z.array(refundTicketSchema),
  refunds: z.array(orderRefundSchema),
});
export type RefundPreviewResponse = z.infer<typeof refundPreviewResponseSchema>;

/** POST .../refunds (money back) and .../cancellations (no money): which tickets, why, and the click's key. */
export const cancelTicketsBodySchema = z.object({
  ticket_ids: z.union([z.literal('all'), z.array(z.number().int().positive()).min(1).max(200)]),
  /** Free text for the order's timeline, e.g. 'visitor_sick'. */
  reason: storableText().pipe(z.string().min(1).max(500)),
  /** Made once per dialog: a double click or a retry answers the same refund. */
  idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
});
export type CancelTicketsBody = z.infer<typeof cancelTicketsBodySchema>;

/** What a cancel, an approval, a rejection or a manual record answers. */
export const refundSummarySchema = z.object({
  refund_id: z.number().int(),
  status: refundStatusSchema,
  amount: money,
  ticket_ids: z.array(z.number().int()),
  return_note_number: z.string().nullable(),
});
export type RefundSummaryAnswer = z.infer<typeof refundSummarySchema>;

/** GET /sites/:site/refund-approvals: refunds above the limit waiting for a second staff member. */
export const refundApprovalsResponseSchema = z.object({
  refunds: z.array(
    z.object({
      id: z.number().int(),
      order_id: z.number().int(),
      reservation_number: z.string(),
      amount: money,
      ticket_ids: z.array(z.number().int()),
      reason: z.string(),
      requested_by: z.string(),
      requested_at: z.string(),
      limit_yen: money,
      /** Asked by the caller: they cannot approve it. */
      own: z.boolean(),
    }),
  ),
});
export type RefundApprovalsResponse = z.infer<typeof refundApprovalsResponseSchema>;

/** POST .../approval and .../rejection: an optional note. */
export const refundDecisionBodySchema = z.object({
  note: storableText().pipe(z.string().max(500)).optional(),
});

/** POST .../manual: how the money went back (cash, card terminal, bank transfer). */
export const manualRefundBodySchema = z.object({
  note: storableText().pipe(z.string().min(1).max(500)),
});
