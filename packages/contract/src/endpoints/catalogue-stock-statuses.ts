import { z } from 'zod';
import {
  aggregateStatusShape,
  catalogueChannelSchema,
  dateRangeQuerySchema,
  visitDateSchema,
} from './catalogue-common.ts';
import { defineEndpoint } from '../endpoint.ts';

/**
 * GET /api/v1/products/stocks-statuses?from=&to=&product_uuid=&channel=
 * Without product_uuid: over every product of the site sold on the channel.
 */
export const stockStatusesQuerySchema = dateRangeQuerySchema({
  product_uuid: z.uuid().optional(),
  channel: catalogueChannelSchema,
});
export type StockStatusesQuery = z.input<typeof stockStatusesQuerySchema>;

/** Every date of the range, in order, for the calendar; a date without slots is 'not_on_sale'. */
export const dateStockStatusSchema = z.object({ date: visitDateSchema, ...aggregateStatusShape });
export const stockStatusesResponseSchema = z.array(dateStockStatusSchema);
export type DateStockStatus = z.infer<typeof dateStockStatusSchema>;

export const stockStatusesEndpoint = defineEndpoint('stockStatuses', {
  query: stockStatusesQuerySchema,
  responses: { 200: stockStatusesResponseSchema },
});
