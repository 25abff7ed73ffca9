import { z } from 'zod';
import { langCodeSchema, productTypeSchema, salesChannelSchema } from '../enum-schemas.ts';
import { defineEndpoint } from '../endpoint.ts';

/** A ticket type of a product (adult, child, ...) with its price in minor units of the site currency. */
export const optionValueSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int().nonnegative(),
  display_position: z.number().int(),
});

export const productSchema = z.object({
  uuid: z.uuid(),
  product_type: productTypeSchema,
  name: z.string(),
  description: z.string(),
  caution: z.string(),
  image_url: z.string().nullable(),
  sale_channels: z.array(salesChannelSchema),
  /** Bounds of one order's ticket count. */
  min_quantity: z.number().int().positive(),
  max_quantity: z.number().int().positive(),
  option_values: z.array(optionValueSchema),
  display_position: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;

/** GET /api/v1/products?lang=&channel= : the site's products sold on the channel, in display order. */
export const productsQuerySchema = z.object({
  lang: langCodeSchema,
  channel: salesChannelSchema.default('web'),
});
export type ProductsQuery = z.input<typeof productsQuerySchema>;
export const productsResponseSchema = z.array(productSchema);

export const productsEndpoint = defineEndpoint('products', {
  query: productsQuerySchema,
  responses: { 200: productsResponseSchema },
});
