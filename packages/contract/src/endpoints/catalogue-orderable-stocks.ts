import { z } from 'zod';
import { stockStatusSchema } from '../enum-schemas.ts';
import { catalogueChannelSchema, numericIdSchema } from './catalogue-common.ts';
import { defineEndpoint } from '../endpoint.ts';

/** GET /api/v1/products/orderable_stocks?product_time_span_id=&channel= */
export const orderableStocksQuerySchema = z.object({
  product_time_span_id: numericIdSchema,
  channel: catalogueChannelSchema,
});
export type OrderableStocksQuery = z.input<typeof orderableStocksQuerySchema>;

/**
 * `orderable` is how many tickets one order may still take: the slot's remaining stock capped by the
 * product's max_quantity, 0 when the slot is not on sale.
 */
export const orderableStocksResponseSchema = z.object({
  product_time_span_id: z.number().int(),
  remaining: z.number().int().nonnegative(),
  orderable: z.number().int().nonnegative(),
  min_quantity: z.number().int().positive(),
  max_quantity: z.number().int().positive(),
  status: stockStatusSchema,
});
export type OrderableStocks = z.infer<typeof orderableStocksResponseSchema>;

export const orderableStocksEndpoint = defineEndpoint('orderableStocks', {
  query: orderableStocksQuerySchema,
  responses: { 200: orderableStocksResponseSchema },
});
