import { z } from 'zod';
import { langCodeSchema } from '../enum-schemas.ts';
import { tokenSchema } from '../validation/storable-text.ts';
import { slotSchema } from './catalogue-common.ts';
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

/** GET /api/v1/spot/products/stocks?qr_token=&lang= */
export const spotStocksQuerySchema = z.object({
  qr_token: spotQrTokenSchema,
  lang: langCodeSchema,
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

/** POST /api/v1/spot/orders: the body of POST /orders plus the QR token the visitor came with. */
export const createSpotOrderBodySchema = createOrderBodySchema.extend({ qr_token: spotQrTokenSchema });
export type CreateSpotOrderBody = z.infer<typeof createSpotOrderBodySchema>;

export const spotStocksEndpoint = defineEndpoint('spotStocks', {
  query: spotStocksQuerySchema,
  responses: { 200: spotStocksResponseSchema },
});
export const spotSetProductSearchEndpoint = defineEndpoint('spotSetProductSearch', {
  query: setProductSearchQuerySchema,
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
