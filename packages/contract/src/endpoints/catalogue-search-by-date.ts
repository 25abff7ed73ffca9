import { z } from 'zod';
import { langCodeSchema } from '../enum-schemas.ts';
import { catalogueChannelSchema, productOnDateSchema, visitDateSchema } from './catalogue-common.ts';
import { defineEndpoint } from '../endpoint.ts';

/**
 * GET /api/v1/products/search2?date=yyyy-MM-dd&lang=&channel=
 * The date-before-product procedure: every product on sale that date (sale window open, at least one
 * slot that date) with its slots, in display order.
 */
export const dateSearchQuerySchema = z.object({
  date: visitDateSchema,
  lang: langCodeSchema,
  channel: catalogueChannelSchema,
});
export type DateSearchQuery = z.input<typeof dateSearchQuerySchema>;
export const dateSearchResponseSchema = z.array(productOnDateSchema);

export const productSearchByDateEndpoint = defineEndpoint('productSearchByDate', {
  query: dateSearchQuerySchema,
  responses: { 200: dateSearchResponseSchema },
});
