import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applyOrderCouponBodySchema,
  applyOrderCouponResponseSchema,
  orderCouponParamsSchema,
  removeOrderCouponParamsSchema,
  removeOrderCouponResponseSchema,
} from '@kippu/contract';
import { applyOrderCoupon } from '../../domain/coupons/apply-order-coupon.ts';
import { removeOrderCoupon } from '../../domain/coupons/remove-order-coupon.ts';
import { CLIENT_BUDGETS, perClientRateLimit } from '../../plugins/rate-limit.ts';

/**
 * Guessing codes is the abuse to slow down (architecture §8): one budget per client, whatever order the
 * guesses are made on (a new order must not buy a fresh budget, issue 7).
 */
const couponRateLimit = perClientRateLimit('coupon-codes', CLIENT_BUDGETS.couponCodes);

/** Coupons on temporary orders. */
export async function couponsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/ordercoupons/:id',
    {
      schema: {
        params: orderCouponParamsSchema,
        body: applyOrderCouponBodySchema,
        response: { 200: applyOrderCouponResponseSchema },
      },
      config: couponRateLimit,
    },
    (request) =>
      applyOrderCoupon(app.db, {
        site: request.site,
        orderToken: request.params.id,
        couponCode: request.body.coupon_code,
      }),
  );

  app.delete(
    '/ordercoupons/:id/:couponId',
    {
      schema: { params: removeOrderCouponParamsSchema, response: { 200: removeOrderCouponResponseSchema } },
      config: couponRateLimit,
    },
    async (request) => ({
      coupons: await removeOrderCoupon(app.db, {
        site: request.site,
        orderToken: request.params.id,
        orderCouponId: request.params.couponId,
      }),
    }),
  );
}
