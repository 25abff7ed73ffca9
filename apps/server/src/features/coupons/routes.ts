import type { FastifyInstance } from 'fastify';
import { applyOrderCouponEndpoint, removeOrderCouponEndpoint } from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { applyOrderCoupon } from '../../domain/coupons/apply-order-coupon.ts';
import { removeOrderCoupon } from '../../domain/coupons/remove-order-coupon.ts';
import { CLIENT_BUDGETS, perClientRateLimit } from '../../plugins/rate-limit.ts';

/**
 * Guessing codes is the abuse to slow down (architecture §8): one budget per client, whatever order the
 * guesses are made on (a new order must not buy a fresh budget, issue 7).
 */
const couponRateLimit = perClientRateLimit('coupon-codes', CLIENT_BUDGETS.couponCodes);

/** Coupons on temporary orders. */
export async function couponsRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, applyOrderCouponEndpoint, { config: couponRateLimit }, (request) =>
    applyOrderCoupon(app.db, {
      site: request.site,
      orderToken: request.params.id,
      couponCode: request.body.coupon_code,
    }),
  );

  registerEndpoint(app, removeOrderCouponEndpoint, { config: couponRateLimit }, async (request) => ({
    coupons: await removeOrderCoupon(app.db, {
      site: request.site,
      orderToken: request.params.id,
      orderCouponId: request.params.couponId,
    }),
  }));
}
