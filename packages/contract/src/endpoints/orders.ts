import { z } from 'zod';
import { langCodeSchema, orderStatusSchema, productTypeSchema, salesChannelSchema } from '../enum-schemas.ts';
import { storableText, tokenParamsSchema } from '../validation/storable-text.ts';
import { orderCouponSchema } from './order-coupons.ts';
import { secretToken } from '../secret.ts';
import { defineEndpoint } from '../endpoint.ts';
import { errorBodySchema } from '../errors.ts';

/** Path parameter of every `/orders/{id}` call: the order token (128-bit random, base64url). */
export const orderTokenParamsSchema = tokenParamsSchema;

/** POST /api/v1/orders (and later POST /api/v1/spot/orders, same body). */
export const createOrderBodySchema = z.object({
  lang: langCodeSchema,
  product_uuid: z.uuid(),
  time_span_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** Tickets in total; must equal the sum of the option quantities. */
  quantity: z.number().int().positive().max(1000),
  option_values: z
    .array(
      z.object({
        option_value_id: z.number().int().positive().max(2_147_483_647),
        quantity: z.number().int().min(0).max(1000),
      }),
    )
    .min(1)
    .max(50),
  set_products: z
    .array(z.object({ set_product_uuid: z.uuid(), quantity: z.number().int().min(0).max(1000) }))
    .max(50)
    .default([]),
  /**
   * The sale's channel (ADR 080): `web` when absent; `kiosk` only from a paired kiosk (its device cookie),
   * anything else answers `invalid channel` (the box office's `pos` sells only from the console).
   */
  channel: salesChannelSchema.optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

export const createOrderResponseSchema = z.object({
  order_token: secretToken(z.string()),
  /** ISO date-time when the hold is released unless the order is checked out. */
  expires_at: z.string(),
  price: z.number().int().nonnegative(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

export const customerInfoEntrySchema = z.object({ key: z.string(), value: z.string() });
export type CustomerInfoEntry = z.infer<typeof customerInfoEntrySchema>;

/**
 * GET /api/v1/orders/{id}?lang=: the names and texts in `lang` when given (the page's language, which the
 * visitor may have switched since ordering), else in the order's own language.
 */
export const temporaryOrderQuerySchema = z.object({ lang: langCodeSchema.optional() });
export type TemporaryOrderQuery = z.infer<typeof temporaryOrderQuerySchema>;

/** GET /api/v1/orders/{id}: the temporary order (spec §3 "Temporary order"), plus status and expiry. */
export const temporaryOrderSchema = z.object({
  lang: langCodeSchema,
  /** The amount to pay: ticket and add-on prices minus coupon discounts. */
  price: z.number().int().nonnegative(),
  customer_info: z.array(customerInfoEntrySchema),
  main_product: z.object({
    product_name: z.string(),
    description: z.string(),
    sale_type: productTypeSchema,
    quantity: z.number().int().positive(),
    reservation_from: z.string(),
    reservation_to: z.string(),
    product_time_span_id: z.number().int(),
    naming_right: z.string().nullable(),
    caution: z.string(),
    order_options: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        type: z.string(),
        add_cost: z.number().int().nonnegative(),
        quantity: z.number().int().positive(),
      }),
    ),
  }),
  set_products: z.array(
    z.object({
      product_name: z.string(),
      add_cost: z.number().int().nonnegative(),
      quantity: z.number().int().positive(),
    }),
  ),
  coupons: z.array(orderCouponSchema),
  membership_promotion: z.object({ name: z.string(), membership_discount: z.number().int() }).nullable(),
  status: orderStatusSchema,
  expires_at: z.string(),
});
export type TemporaryOrder = z.infer<typeof temporaryOrderSchema>;

/**
 * PUT /api/v1/orders/{id}: the order-form contents. Values are text; the two mail-magazine fields
 * are "true"/"false" (a JSON boolean is accepted too).
 */
export const updateOrderBodySchema = z.object({
  customer_info: z
    .array(
      z.object({
        key: storableText().min(1).max(64),
        value: z.union([storableText().max(2000), z.boolean()]),
      }),
    )
    .max(50),
});
export type UpdateOrderBody = z.infer<typeof updateOrderBodySchema>;

export const updateOrderResponseSchema = z.object({
  order_token: secretToken(z.string()),
  status: orderStatusSchema,
  customer_info: z.array(customerInfoEntrySchema),
});
export type UpdateOrderResponse = z.infer<typeof updateOrderResponseSchema>;

/** DELETE /api/v1/orders/{id} */
export const cancelOrderResponseSchema = z.object({
  order_token: secretToken(z.string()),
  status: orderStatusSchema,
});

export const createOrderEndpoint = defineEndpoint('createOrder', {
  body: createOrderBodySchema,
  responses: { 201: createOrderResponseSchema },
});
export const temporaryOrderEndpoint = defineEndpoint('temporaryOrder', {
  params: orderTokenParamsSchema,
  query: temporaryOrderQuerySchema,
  responses: { 200: temporaryOrderSchema },
});
export const updateOrderEndpoint = defineEndpoint('updateOrder', {
  params: orderTokenParamsSchema,
  body: updateOrderBodySchema,
  responses: { 200: updateOrderResponseSchema },
});
/** 400 when the order is already gone: the client ignores it (spec §7). */
export const cancelOrderEndpoint = defineEndpoint('cancelOrder', {
  params: orderTokenParamsSchema,
  responses: { 200: cancelOrderResponseSchema, 400: errorBodySchema },
});
