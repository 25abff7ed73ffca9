import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applyOrderCouponBodySchema,
  applyOrderCouponResponseSchema,
  createOrderResponseSchema,
  createSpotOrderBodySchema,
  orderCouponParamsSchema,
  orderTokenParamsSchema,
  updateOrderBodySchema,
  updateOrderResponseSchema,
} from '@kippu/contract';
import { applyOrderCoupon } from '../../domain/coupons/apply-order-coupon.ts';
import { updateCustomerInfo } from '../../domain/orders/update-customer-info.ts';
import { createSpotOrder } from '../../domain/spot/spot-orders.ts';
import { clientKeyOf } from '../../plugins/client-key.ts';
import { CLIENT_BUDGETS, perClientRateLimit } from '../../plugins/rate-limit.ts';

/**
 * The spot channel's order calls (spec §7, ADR 031): a visitor at the venue who scanned a poster's QR code.
 * Each is the web call's domain function on the 'spot' channel; the spot reads are in the catalogue.
 */
export async function spotRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { ...app.orderDeps, db: app.db };

  app.post(
    '/spot/orders',
    {
      schema: { body: createSpotOrderBodySchema, response: { 201: createOrderResponseSchema } },
      config: perClientRateLimit('spot-order-holds', CLIENT_BUDGETS.orderHolds),
    },
    async (request, reply) => {
      const held = await createSpotOrder(
        deps,
        { code: request.site, clientKey: clientKeyOf(request) },
        request.body,
      );
      return reply.status(201).send({
        order_token: held.orderToken,
        expires_at: held.expiresAt.toISOString(),
        price: held.price,
      });
    },
  );

  app.put(
    '/spot/orders/:id',
    {
      schema: {
        params: orderTokenParamsSchema,
        body: updateOrderBodySchema,
        response: { 200: updateOrderResponseSchema },
      },
    },
    async (request) => updateCustomerInfo(app.db, request.site, request.params.id, request.body, 'spot'),
  );

  app.post(
    '/spot/ordercoupons/:id',
    {
      schema: {
        params: orderCouponParamsSchema,
        body: applyOrderCouponBodySchema,
        response: { 200: applyOrderCouponResponseSchema },
      },
      config: perClientRateLimit('spot-coupon-codes', CLIENT_BUDGETS.couponCodes),
    },
    (request) =>
      applyOrderCoupon(app.db, {
        site: request.site,
        orderToken: request.params.id,
        couponCode: request.body.coupon_code,
        channel: 'spot',
      }),
  );
}
