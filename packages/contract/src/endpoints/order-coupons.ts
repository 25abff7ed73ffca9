import { z } from 'zod';
import { numericIdSchema } from './catalogue-common.ts';
import { storableText, tokenParamsSchema } from '../validation/storable-text.ts';
import { secretToken } from '../secret.ts';
import { defineEndpoint } from '../endpoint.ts';

/** `{id}` of the coupon calls is the order token of a temporary order (the same schema as `/orders/{id}`). */
export const orderCouponParamsSchema = tokenParamsSchema;

/** POST /api/v1/ordercoupons/{id} */
export const applyOrderCouponBodySchema = z.object({
  // Visitors paste codes with stray spaces; the code itself is matched exactly (ADR 008).
  coupon_code: secretToken(storableText().trim().min(1).max(64)),
});
export type ApplyOrderCouponBody = z.infer<typeof applyOrderCouponBodySchema>;

/** A coupon applied to a temporary order, as the temporary order lists it (spec §3). */
export const orderCouponSchema = z.object({
  /** Id of this application: the `{couponId}` of DELETE /ordercoupons/{id}/{couponId}. */
  id: z.number().int().positive(),
  coupon_code: z.string(),
  /** In the order's language. */
  coupon_name: z.string(),
  /** Minor units of the site currency taken off the order's gross price. */
  coupon_discount: z.number().int().nonnegative(),
});
export type OrderCoupon = z.infer<typeof orderCouponSchema>;
export const applyOrderCouponResponseSchema = orderCouponSchema;

/** DELETE /api/v1/ordercoupons/{id}/{couponId}: answers the coupons still on the order, discounts recomputed. */
export const removeOrderCouponParamsSchema = orderCouponParamsSchema.extend({
  couponId: numericIdSchema.pipe(z.number().max(2_147_483_647)),
});
export const removeOrderCouponResponseSchema = z.object({ coupons: z.array(orderCouponSchema) });
export type RemoveOrderCouponResponse = z.infer<typeof removeOrderCouponResponseSchema>;

export const applyOrderCouponEndpoint = defineEndpoint('applyOrderCoupon', {
  params: orderCouponParamsSchema,
  body: applyOrderCouponBodySchema,
  responses: { 200: applyOrderCouponResponseSchema },
});
export const removeOrderCouponEndpoint = defineEndpoint('removeOrderCoupon', {
  params: removeOrderCouponParamsSchema,
  responses: { 200: removeOrderCouponResponseSchema },
});
