import { z } from 'zod';
import { siteCodeSchema } from '../enum-schemas.ts';

/** `?site=CODE` for one site, `?site=all` for every site of the organisation the membership covers. */
export const dashboardQuerySchema = z.object({ site: z.union([z.literal('all'), siteCodeSchema]) });

/** How often the console asks again (the dashboard polls; ADR 066). */
export const DASHBOARD_POLL_MS = 5_000;

/**
 * Today's sales (orders reserved today, Tokyo), in yen: `sold` is all of them as sold; `refunded` is the part
 * of it since cancelled or refunded; `net` = sold − refunded. `orders` and `tickets` count only the orders
 * still standing; `cancelled_orders` the rest.
 */
const salesFigures = {
  orders: z.number().int(),
  tickets: z.number().int(),
  cancelled_orders: z.number().int(),
  sold: z.number().int(),
  refunded: z.number().int(),
  net: z.number().int(),
};

export const dashboardSalesRowSchema = z.object({
  channel: z.string(),
  /** The confirmed (or since refunded) payment's method; `free` for an order without one. */
  payment_method: z.string(),
  ...salesFigures,
});

export const dashboardSlotSchema = z.object({
  site: z.string(),
  time_span_id: z.number().int(),
  /** In the staff member's language (Japanese where the product has no name in it). */
  product_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  expected: z.number().int(),
  entered: z.number().int(),
  not_arrived: z.number().int(),
});

export const dashboardCapacitySchema = z.object({
  site: z.string(),
  /** The Tokyo date the slot starts on. */
  date: z.iso.date(),
  time_span_id: z.number().int(),
  product_name: z.string(),
  starts_at: z.string(),
  capacity: z.number().int(),
  sold: z.number().int(),
  held: z.number().int(),
});

export const dashboardFlaggedSchema = z.object({
  site: z.string(),
  order_id: z.number().int(),
  reason: z.string(),
  flagged_at: z.string(),
  status: z.string(),
  amount: z.number().int(),
});

export const dashboardSchema = z.object({
  /** Today in Asia/Tokyo. */
  date: z.iso.date(),
  sites: z.array(z.string()),
  generated_at: z.string(),
  totals: z.object(salesFigures),
  sales: z.array(dashboardSalesRowSchema),
  slots_today: z.array(dashboardSlotSchema),
  /** Today's and the next six days' slots. */
  capacity: z.array(dashboardCapacitySchema),
  flagged_payments: z.array(dashboardFlaggedSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
