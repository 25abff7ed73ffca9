import { z } from 'zod';
import { langCodeSchema, productTypeSchema } from '../enum-schemas.ts';
import { tokenSchema } from '../validation/storable-text.ts';
import { visitDateSchema } from './catalogue-common.ts';
import { secretToken } from '../secret.ts';
import { defineEndpoint } from '../endpoint.ts';
import { checkoutBodySchema, checkoutResponseSchema } from './checkout.ts';

/**
 * Change of date (ADR 029): a reservation holder moves their tickets to another slot and pays any
 * difference. All calls live under `/api/v1/timechanges/{reservationToken}`.
 */

export const timeChangeReservationParamsSchema = z.object({ reservationToken: secretToken(tokenSchema) });
export const timeChangeParamsSchema = z.object({
  reservationToken: secretToken(tokenSchema),
  timechangeToken: secretToken(tokenSchema),
});

/** A visit as every time-change answer shows it. */
const visitSchema = z.object({
  product_name: z.string(),
  product_type: productTypeSchema,
  time_span_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
});

/**
 * GET /timechanges/{reservationToken}?lang=&date= — the booking as it is, whether it may change (and until
 * when), and the slots of `date` (default: the booked day) it may move to, each with its price difference.
 */
export const timeChangeOptionsQuerySchema = z.object({
  lang: langCodeSchema,
  date: visitDateSchema.optional(),
});
export const timeChangeOptionsResponseSchema = z.object({
  current: visitSchema.extend({
    /** Every ticket of the purchase, the shared ones (ADR 021) included: all of them move. */
    quantity: z.number().int().positive(),
    /** Of `quantity`, the tickets shared with companions: they move too, keeping their codes (ADR 107). */
    shared_quantity: z.number().int().nonnegative(),
    price: z.number().int().nonnegative(),
  }),
  /** False when the product does not allow it, the deadline passed, or a ticket was used (`cannot change ticket`). */
  changeable: z.boolean(),
  /** ISO time after which the date can no longer be changed. */
  change_until: z.string(),
  /** The timechange token of a change still waiting for confirmation, if any. */
  pending_timechange_token: secretToken(z.string()).nullable(),
  date: z.string(),
  slots: z.array(
    visitSchema.extend({
      remaining: z.number().int().nonnegative(),
      price: z.number().int().nonnegative(),
      price_difference: z.number().int(),
    }),
  ),
});
export type TimeChangeOptionsResponse = z.infer<typeof timeChangeOptionsResponseSchema>;

/** POST /timechanges/{reservationToken} — holds the new slot; answers 201 with the pending change. */
export const createTimeChangeBodySchema = z.object({
  time_span_id: z.number().int().positive(),
  lang: langCodeSchema,
});
export type CreateTimeChangeBody = z.infer<typeof createTimeChangeBodySchema>;
export const createTimeChangeResponseSchema = z.object({
  timechange_token: secretToken(z.string()),
  expires_at: z.string(),
});
export type CreateTimeChangeResponse = z.infer<typeof createTimeChangeResponseSchema>;

export const TIME_CHANGE_STATUSES = ['pending', 'done', 'expired', 'cancelled'] as const;

/** GET /timechanges/{reservationToken}/{timechangeToken}?lang= — the change to confirm. */
export const timeChangeQuerySchema = z.object({ lang: langCodeSchema });
export const timeChangeResponseSchema = z.object({
  status: z.enum(TIME_CHANGE_STATUSES),
  expires_at: z.string(),
  from: visitSchema,
  to: visitSchema,
  quantity: z.number().int().positive(),
  /** Of `quantity`, the tickets shared with companions (ADR 107). */
  shared_quantity: z.number().int().nonnegative(),
  old_price: z.number().int().nonnegative(),
  new_price: z.number().int().nonnegative(),
  /** New minus old; negative when the new visit costs less. */
  price_difference: z.number().int(),
  /** What is charged: the difference when positive, else 0. */
  top_up: z.number().int().nonnegative(),
  /** What is given back when the new visit costs less: the site's policy, no refund. */
  refund: z.number().int().nonnegative(),
});
export type TimeChangeResponse = z.infer<typeof timeChangeResponseSchema>;

/**
 * POST /timechanges/{reservationToken}/{timechangeToken}/checkout — completes the change, paying the top-up
 * (same body and answer as the order checkout; a change with nothing to pay goes through as `free`).
 * DELETE of the same path without `/checkout` gives the held slot back.
 */

export const timeChangeOptionsEndpoint = defineEndpoint('timeChangeOptions', {
  params: timeChangeReservationParamsSchema,
  query: timeChangeOptionsQuerySchema,
  responses: { 200: timeChangeOptionsResponseSchema },
});
export const createTimeChangeEndpoint = defineEndpoint('createTimeChange', {
  params: timeChangeReservationParamsSchema,
  body: createTimeChangeBodySchema,
  responses: { 201: createTimeChangeResponseSchema },
});
export const timeChangeEndpoint = defineEndpoint('timeChange', {
  params: timeChangeParamsSchema,
  query: timeChangeQuerySchema,
  responses: { 200: timeChangeResponseSchema },
});
/** 204, no body. */
export const cancelTimeChangeEndpoint = defineEndpoint('cancelTimeChange', {
  params: timeChangeParamsSchema,
  responses: {},
});
export const timeChangeCheckoutEndpoint = defineEndpoint('timeChangeCheckout', {
  params: timeChangeParamsSchema,
  body: checkoutBodySchema,
  responses: { 200: checkoutResponseSchema },
});
