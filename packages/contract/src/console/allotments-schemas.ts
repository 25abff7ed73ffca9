import { z } from 'zod';
import { numericIdSchema, visitDateSchema } from '../endpoints/catalogue-common.ts';
import { localizedTextSchema } from '../i18n-text.ts';

/**
 * The console's allotments (issue 30, ADR 089): part of a slot's capacity reserved for a partner. The seats
 * are counted in the slot's own stock (`time_spans.allotted`, inside the CHECK that the slot is never
 * oversold), so visitors never see them; the partner books them through the partner API until `release_at`,
 * when what is unsold returns to general sale (a job, once). `remaining` = quantity − sold while not released,
 * 0 after.
 */

/** The largest allotment of one slot for one partner (a slot's capacity is an integer column). */
export const ALLOTMENT_QUANTITY_MAX = 100_000;
/** When `release_at` is left out: this many hours before the slot starts (ADR 089). */
export const ALLOTMENT_DEFAULT_RELEASE_HOURS_BEFORE = 48;

const instantSchema = z.iso.datetime({ offset: true });
/** A Tokyo calendar date in the years 2000 to 2999 (PostgreSQL has no year 0: `0000-12-31` was a 500). */
const dateSchema = visitDateSchema;

export const allotmentSchema = z.object({
  id: z.number().int(),
  partner_id: z.number().int(),
  partner_name: z.string(),
  slot_id: z.number().int(),
  product_id: z.number().int(),
  product_name: localizedTextSchema,
  starts_at: instantSchema,
  ends_at: instantSchema,
  quantity: z.number().int(),
  sold: z.number().int(),
  remaining: z.number().int(),
  release_at: instantSchema,
  /** When the unsold rest went back to general sale (the cut-off job or a delete); null while it holds seats. */
  released_at: instantSchema.nullable(),
});
export type Allotment = z.infer<typeof allotmentSchema>;

/** `from`/`to`: the slots' start dates (Tokyo), both included; `partner_id` narrows to one partner. */
export const allotmentListQuerySchema = z.object({
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  partner_id: numericIdSchema.optional(),
});
export const allotmentListSchema = z.object({ allotments: z.array(allotmentSchema) });

/** A new allotment: its seats must be free in the slot now (else 409 `out of stock`). */
export const createAllotmentBodySchema = z.object({
  partner_id: z.number().int().positive().max(2_147_483_647),
  slot_id: z.number().int().positive().max(9_007_199_254_740_991),
  quantity: z.number().int().min(1).max(ALLOTMENT_QUANTITY_MAX),
  /** Null or left out: `ALLOTMENT_DEFAULT_RELEASE_HOURS_BEFORE` hours before the slot starts. */
  release_at: instantSchema.nullable().optional(),
});
export type CreateAllotmentBody = z.infer<typeof createAllotmentBodySchema>;

/**
 * A change: the quantity never below what is sold (409 `invalid request`), a rise only from free seats
 * (409 `out of stock`); a released allotment is not changed (409).
 */
export const updateAllotmentBodySchema = z.object({
  quantity: z.number().int().min(0).max(ALLOTMENT_QUANTITY_MAX),
  release_at: instantSchema,
});
export type UpdateAllotmentBody = z.infer<typeof updateAllotmentBodySchema>;

export const allotmentAnswerSchema = z.object({ allotment: allotmentSchema });
/** DELETE releases the unsold rest at once (the row stays, with its sales, as history). */
export const deleteAllotmentAnswerSchema = z.object({ allotment: allotmentSchema });
