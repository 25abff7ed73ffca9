import { z } from 'zod';
import { langCodeSchema } from '../enum-schemas.ts';
import { catalogueChannelSchema, slotSchema, visitDateSchema } from './catalogue-common.ts';
import { defineEndpoint } from '../endpoint.ts';

/** GET /api/v1/products/stocks?date=&product_id=&lang=&channel= ; product_id is the product uuid. */
export const stocksQuerySchema = z.object({
  date: visitDateSchema,
  product_id: z.uuid(),
  lang: langCodeSchema.optional(),
  channel: catalogueChannelSchema,
});
export type StocksQuery = z.input<typeof stocksQuerySchema>;
/** The product's slots that date, earliest first. */
export const stocksResponseSchema = z.array(slotSchema);

export const stocksEndpoint = defineEndpoint('stocks', {
  query: stocksQuerySchema,
  responses: { 200: stocksResponseSchema },
});
