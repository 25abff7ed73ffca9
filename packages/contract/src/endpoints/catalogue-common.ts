import { z } from 'zod';
import { productTypeSchema, salesChannelSchema, stockStatusSchema } from '../enum-schemas.ts';

/** Longest date range one search, status or colour call may ask for (about a quarter). */
export const MAX_RANGE_DAYS = 93;

/**
 * A visit date, a Tokyo calendar date: yyyy-MM-dd in the years 2000 to 2999. `z.iso.date()` alone takes
 * 0000-01-01, which is no date for PostgreSQL (there is no year 0) and failed the catalogue with a 500.
 */
export const visitDateSchema = z.iso
  .date()
  .refine((date) => date >= '2000-01-01' && date <= '2999-12-31', 'must be a date in the years 2000 to 2999');

/** Sale channel the product calls filter by; the SPA is the web channel. */
export const catalogueChannelSchema = salesChannelSchema.default('web');

/** A positive integer id sent as query text (time span ids); anything else is an invalid request. */
export const numericIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'must be a positive integer id')
  .transform(Number);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Number of calendar dates from `from` to `to`, both included (0 or less when to < from). */
export function datesInRange(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
}

/**
 * A query with `from` and `to` visit dates plus `shape`: from <= to and at most MAX_RANGE_DAYS dates.
 * Built as one object because zod refuses to extend an object that already carries a refinement.
 */
export function dateRangeQuerySchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ...shape, from: visitDateSchema, to: visitDateSchema }).superRefine((query, ctx) => {
    // The generic shape hides from/to from the checker; the object above always has them.
    const { from, to } = query as unknown as { from: string; to: string };
    const dates = datesInRange(from, to);
    if (dates < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    if (dates > MAX_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${MAX_RANGE_DAYS} days` });
    }
  });
}

/** Start and end of a slot as ISO 8601 with the Tokyo offset, e.g. 2026-05-01T10:00:00+09:00. */
const slotTimeSchema = z.iso.datetime({ offset: true });

/**
 * One slot (time span) with its stock. `id` is the time span id the client sends back as
 * time_span_id / product_time_span_id. `remaining` is what is left to sell now.
 */
export const slotSchema = z.object({
  id: z.number().int(),
  start: slotTimeSchema,
  end: slotTimeSchema,
  capacity: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
  status: stockStatusSchema,
});
export type Slot = z.infer<typeof slotSchema>;

/**
 * Stock status of a date or a product: the best status among its slots. `count` is the most tickets
 * left in one slot when the status is 'few' (the few-in-stock message shows it), else null.
 */
export const aggregateStatusShape = {
  status: stockStatusSchema,
  count: z.number().int().positive().nullable(),
};

/** A product on a date with its slots (search and search2). */
export const productOnDateSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  product_type: productTypeSchema,
  display_position: z.number().int(),
  ...aggregateStatusShape,
  slots: z.array(slotSchema),
});
export type ProductOnDate = z.infer<typeof productOnDateSchema>;
