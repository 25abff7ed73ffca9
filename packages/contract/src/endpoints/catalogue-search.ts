import { z } from 'zod';
import { langCodeSchema, productTypeSchema } from '../enum-schemas.ts';
import {
  aggregateStatusShape,
  catalogueChannelSchema,
  dateRangeQuerySchema,
  productOnDateSchema,
  visitDateSchema,
} from './catalogue-common.ts';
import { defineEndpoint } from '../endpoint.ts';

/**
 * GET /api/v1/products/search?from=&to=&lang=&product_uuid=&product_type=&channel=
 * Without product_uuid: every product of the site sold on the channel.
 */
export const productSearchQuerySchema = dateRangeQuerySchema({
  lang: langCodeSchema,
  product_uuid: z.uuid().optional(),
  product_type: productTypeSchema.optional(),
  channel: catalogueChannelSchema,
});
export type ProductSearchQuery = z.input<typeof productSearchQuerySchema>;

/** One date that has slots, with its products; dates without any slot are left out. */
export const productSearchDateSchema = z.object({
  date: visitDateSchema,
  ...aggregateStatusShape,
  products: z.array(productOnDateSchema),
});
export const productSearchResponseSchema = z.array(productSearchDateSchema);
export type ProductSearchDate = z.infer<typeof productSearchDateSchema>;

export const productSearchEndpoint = defineEndpoint('productSearch', {
  query: productSearchQuerySchema,
  responses: { 200: productSearchResponseSchema },
});
