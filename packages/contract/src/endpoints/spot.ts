import { z } from 'zod';
import { langCodeSchema } from '../enum-schemas.ts';
import { tokenSchema } from '../validation/storable-text.ts';
import { slotSchema } from './catalogue-common.ts';
import type { FieldName } from './field-templates.ts';
import { createOrderBodySchema } from './orders.ts';
import { productSchema } from './products.ts';
import { secretToken } from '../secret.ts';
import { defineEndpoint } from '../endpoint.ts';
import {
  createOrderResponseSchema,
  orderTokenParamsSchema,
  updateOrderBodySchema,
  updateOrderResponseSchema,
} from './orders.ts';
import { setProductSearchQuerySchema, setProductSearchResponseSchema } from './catalogue-set-products.ts';
import {
  applyOrderCouponBodySchema,
  applyOrderCouponResponseSchema,
  orderCouponParamsSchema,
} from './order-coupons.ts';

/**
 * A spot QR token: what the poster at the venue carries (`/spot?qr_token=`). 128-bit random, base64url;
 * one per site and product at a time, with an expiry, rotated by staff (`npm run spot-qr`, ADR 031).
 */
export const spotQrTokenSchema = secretToken(tokenSchema);

/**
 * The order-form fields a spot purchase may ask (`/spot/order-fields`, ADR 109), each only when the site's
 * field template displays it, and optional (a profile question never holds up the queue at the door); the
 * e-mail address (the ticket link goes there) is always asked and required. Left out: the postal address
 * (nothing is posted), the phone (the mail is the contact), questionnaires and newsletter consents (too
 * long for a queue at the door).
 */
export const SPOT_FIELD_NAMES = [
  'email',
  'fullname',
  'age',
  'gender',
  'resident_area',
] as const satisfies readonly FieldName[];

/**
 * GET /api/v1/spot/products/stocks?qr_token=&lang=[&product_uuid=]: the poster's product, or another spot
 * product of the same venue (site) chosen on `/spot/products` (ADR 109).
 */
export const spotStocksQuerySchema = z.object({
  qr_token: spotQrTokenSchema,
  lang: langCodeSchema,
  product_uuid: z.uuid().optional(),
});
export type SpotStocksQuery = z.input<typeof spotStocksQuerySchema>;

/** The poster's product and today's slots (Tokyo date), earliest first; `expires_at` is the token's. */
export const spotStocksResponseSchema = z.object({
  date: z.iso.date(),
  product: productSchema,
  slots: z.array(slotSchema),
  expires_at: z.string(),
});
export type SpotStocksResponse = z.infer<typeof spotStocksResponseSchema>;

/** GET /api/v1/spot/products?qr_token=&lang=: the spot products of the poster's venue (ADR 109). */
export const spotProductsQuerySchema = z.object({
  qr_token: spotQrTokenSchema,
  lang: langCodeSchema,
});
export type SpotProductsQuery = z.input<typeof spotProductsQuerySchema>;

/**
 * Today's (Tokyo) spot products of the poster's site in display order, each with how many of today's slots
 * still sell (`open_slots`, 0 = nothing left today); `poster_product_uuid` is the one the poster names.
 */
export const spotProductsResponseSchema = z.object({
  date: z.iso.date(),
  poster_product_uuid: z.uuid(),
  products: z.array(z.object({ product: productSchema, open_slots: z.number().int().nonnegative() })),
  expires_at: z.string(),
});
export type SpotProductsResponse = z.infer<typeof spotProductsResponseSchema>;

/**
 * GET /api/v1/spot/setproducts/search: the web search's query plus the poster's token; answers only the
 * add-ons of the venue's spot products (ADR 109).
 */
export const spotSetProductSearchQuerySchema = setProductSearchQuerySchema.extend({
  qr_token: spotQrTokenSchema,
});
export type SpotSetProductSearchQuery = z.input<typeof spotSetProductSearchQuerySchema>;

/** POST /api/v1/spot/orders: the body of POST /orders plus the QR token the visitor came with. */
export const createSpotOrderBodySchema = createOrderBodySchema.extend({ qr_token: spotQrTokenSchema });
export type CreateSpotOrderBody = z.infer<typeof createSpotOrderBodySchema>;

export const spotStocksEndpoint = defineEndpoint('spotStocks', {
  query: spotStocksQuerySchema,
  responses: { 200: spotStocksResponseSchema },
});
export const spotProductsEndpoint = defineEndpoint('spotProducts', {
  query: spotProductsQuerySchema,
  responses: { 200: spotProductsResponseSchema },
});
export const spotSetProductSearchEndpoint = defineEndpoint('spotSetProductSearch', {
  query: spotSetProductSearchQuerySchema,
  responses: { 200: setProductSearchResponseSchema },
});
export const createSpotOrderEndpoint = defineEndpoint('createSpotOrder', {
  body: createSpotOrderBodySchema,
  responses: { 201: createOrderResponseSchema },
});
export const updateSpotOrderEndpoint = defineEndpoint('updateSpotOrder', {
  params: orderTokenParamsSchema,
  body: updateOrderBodySchema,
  responses: { 200: updateOrderResponseSchema },
});
export const applySpotOrderCouponEndpoint = defineEndpoint('applySpotOrderCoupon', {
  params: orderCouponParamsSchema,
  body: applyOrderCouponBodySchema,
  responses: { 200: applyOrderCouponResponseSchema },
});
