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

/**
 * Guessing codes is the abuse to slow down (architecture §8). Keyed by client and order, so one
 * visitor's typos never block another's order.
 */
const couponRateLimit = {
  max: 20,
  timeWindow: '1 minute',
  keyGenerator: (request: { ip: string; params: unknown }) =>
    `${request.ip}|${(request.params as { id?: string }).id ?? ''}`,
};

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
      config: { rateLimit: couponRateLimit },
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
      config: { rateLimit: couponRateLimit },
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
