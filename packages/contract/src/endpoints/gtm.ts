import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { reservationTokenParamsSchema } from './reservations.ts';

/**
 * GET /api/v1/gtm/{id} (id: the reservation token): analytics data of a completed order, pushed to
 * `window.dataLayer` as the `complete` event (spec §7, §9: order total = Σ price × count over options;
 * item sku = "<timespan id>-<option name>").
 */
export const gtmItemSchema = z.object({
  sku: z.string(),
  name: z.string(),
  price: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
});
export const gtmResponseSchema = z.object({
  reservation_number: z.string(),
  currency: z.string(),
  /** Σ price × count over the ticket types and add-ons, before discounts (spec §9). */
  total_price: z.number().int().nonnegative(),
  /** Σ count over the same items. */
  total_quantity: z.number().int().nonnegative(),
  discount: z.number().int().nonnegative(),
  items: z.array(gtmItemSchema),
});
export type GtmResponse = z.infer<typeof gtmResponseSchema>;

export const gtmEndpoint = defineEndpoint('gtm', {
  params: reservationTokenParamsSchema,
  responses: { 200: gtmResponseSchema },
});
