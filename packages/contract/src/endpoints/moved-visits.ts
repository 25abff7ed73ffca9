import { z } from 'zod';
import { langCodeSchema, productTypeSchema } from '../enum-schemas.ts';
import { tokenSchema } from '../validation/storable-text.ts';
import { secretToken } from '../secret.ts';
import { defineEndpoint } from '../endpoint.ts';

/**
 * A moved visit's self-service link (issue 29, ADR 079): staff moved every visitor of a closed slot or day,
 * and the mail carries `/{slug}/#/moved-visit/{token}`. Without signing in, until the deadline and once, the
 * visitor may take another slot of the same product with room, or give the whole reservation back for a
 * refund. After the deadline, or once used, both answer `moved_visit_expired` (410); the GET still answers.
 */

export const movedVisitParamsSchema = z.object({ token: secretToken(tokenSchema) });
export const movedVisitQuerySchema = z.object({ lang: langCodeSchema });

const visitTimeSchema = z.object({
  time_span_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
});

/**
 * `open`: a choice may still be made; `chosen`: the visitor took another slot; `refunded`: the visitor gave
 * the reservation back; `expired`: the deadline passed with no choice (the moved visit stands);
 * `closed`: the reservation is no longer standing (cancelled or refunded otherwise).
 */
export const MOVED_VISIT_STATUSES = ['open', 'chosen', 'refunded', 'expired', 'closed'] as const;

export const movedVisitResponseSchema = z.object({
  status: z.enum(MOVED_VISIT_STATUSES),
  /** ISO time until which a choice may be made. */
  deadline: z.string(),
  product_name: z.string(),
  product_type: productTypeSchema,
  /** Tickets of the visit (the holder's and shared ones). */
  tickets: z.number().int(),
  /** What the visitor paid for the reservation, in yen (what a refund gives back at most). */
  paid: z.number().int().nonnegative(),
  /** The time bought first (the closed slot). */
  previous: visitTimeSchema,
  /** The time the visit has now. */
  current: visitTimeSchema,
  /** The reservation's ticket page token, for a link to the tickets. */
  reservation_token: secretToken(z.string()),
  /**
   * Other slots of the same product (its price does not change with the slot) from now on that have room
   * for every ticket and are on sale, in time order (at most 200); empty unless `status` is `open`.
   */
  slots: z.array(visitTimeSchema.extend({ remaining: z.number().int().nonnegative() })),
});
export type MovedVisitResponse = z.infer<typeof movedVisitResponseSchema>;

/** POST /moved-visits/{token}/slot: take this slot instead (out_of_stock when it filled up meanwhile). */
export const movedVisitChooseSlotBodySchema = z.object({
  time_span_id: z.number().int().positive(),
  lang: langCodeSchema,
});
export type MovedVisitChooseSlotBody = z.infer<typeof movedVisitChooseSlotBodySchema>;

/** POST /moved-visits/{token}/refund: give the whole reservation back; answers the visit after it. */
export const movedVisitRefundBodySchema = z.object({ lang: langCodeSchema });
export type MovedVisitRefundBody = z.infer<typeof movedVisitRefundBodySchema>;

export const movedVisitEndpoint = defineEndpoint('movedVisit', {
  params: movedVisitParamsSchema,
  query: movedVisitQuerySchema,
  responses: { 200: movedVisitResponseSchema },
});
export const movedVisitChooseSlotEndpoint = defineEndpoint('movedVisitChooseSlot', {
  params: movedVisitParamsSchema,
  body: movedVisitChooseSlotBodySchema,
  responses: { 200: movedVisitResponseSchema },
});
export const movedVisitRefundEndpoint = defineEndpoint('movedVisitRefund', {
  params: movedVisitParamsSchema,
  body: movedVisitRefundBodySchema,
  responses: { 200: movedVisitResponseSchema },
});
