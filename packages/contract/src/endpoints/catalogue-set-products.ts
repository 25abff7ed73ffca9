import { z } from 'zod';
import { langCodeSchema } from '../enum-schemas.ts';
import { defineEndpoint } from '../endpoint.ts';

/** Most slots one set-product search may name. */
export const MAX_SET_PRODUCT_SPANS = 50;

/** "1,2,3": comma list of time span ids, duplicates ignored. */
const spanIdListSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14})*$/, 'must be a comma list of time span ids')
  .transform((list) => [...new Set(list.split(',').map(Number))])
  .refine((ids) => ids.length <= MAX_SET_PRODUCT_SPANS, `at most ${MAX_SET_PRODUCT_SPANS} ids`);

/** GET /api/v1/setproducts/search?lang=&main_product_time_span_ids=1,2,3 (other parameters are ignored). */
export const setProductSearchQuerySchema = z.object({
  lang: langCodeSchema,
  main_product_time_span_ids: spanIdListSchema,
});
export type SetProductSearchQuery = z.input<typeof setProductSearchQuerySchema>;

/**
 * An add-on sold with the main products of the given slots. `uuid` is what an order sends back as
 * set_product_uuid; `main_product_time_span_ids` says which of the requested slots it goes with.
 */
export const setProductSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  description: z.string(),
  price: z.number().int().nonnegative(),
  display_position: z.number().int(),
  main_product_time_span_ids: z.array(z.number().int()),
});
export type SetProduct = z.infer<typeof setProductSchema>;
export const setProductSearchResponseSchema = z.array(setProductSchema);

export const setProductSearchEndpoint = defineEndpoint('setProductSearch', {
  query: setProductSearchQuerySchema,
  responses: { 200: setProductSearchResponseSchema },
});
