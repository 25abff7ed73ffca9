import type { FastifyInstance } from 'fastify';
import {
  applySpotOrderCouponEndpoint,
  createSpotOrderEndpoint,
  updateSpotOrderEndpoint,
} from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { MOVES_STOCK } from '../../plugins/read-your-writes.ts';
import { applyOrderCoupon } from '../../domain/coupons/apply-order-coupon.ts';
import { updateCustomerInfo } from '../../domain/orders/update-customer-info.ts';
import { createSpotOrder } from '../../domain/spot/spot-orders.ts';
import { addressKeyOf, clientKeyOf } from '../../plugins/client-key.ts';
import { CLIENT_BUDGETS, perClientRateLimit } from '../../plugins/rate-limit.ts';

/**
 * The spot channel's order calls (spec §7, ADR 031): a visitor at the venue who scanned a poster's QR code.
 * Each is the web call's domain function on the 'spot' channel; the spot reads are in the catalogue.
 */
export async function spotRoutes(app: FastifyInstance): Promise<void> {
  const deps = { ...app.orderDeps, db: app.db };

  registerEndpoint(
    app,
    createSpotOrderEndpoint,
    {
      config: { ...perClientRateLimit('spot-order-holds', CLIENT_BUDGETS.orderHolds), ...MOVES_STOCK.config },
    },
    async (request, reply) => {
      // Not through the waiting room's gate (review finding 5, ADR 095): the spot screen has no queue to
      // join, and sales at the venue's door must not stop while a web queue is in force. The channel is
      // physical and small; its rate limit and the hold caps still apply.
      const held = await createSpotOrder(
        deps,
        { code: request.site, clientKey: clientKeyOf(request), addressKey: addressKeyOf(request) },
        request.body,
      );
      return reply.status(201).send({
        order_token: held.orderToken,
        expires_at: held.expiresAt.toISOString(),
        price: held.price,
      });
    },
  );

  registerEndpoint(app, updateSpotOrderEndpoint, async (request) =>
    updateCustomerInfo(app.db, request.site, request.params.id, request.body, 'spot'),
  );

  registerEndpoint(
    app,
    applySpotOrderCouponEndpoint,
    { config: perClientRateLimit('spot-coupon-codes', CLIENT_BUDGETS.couponCodes) },
    (request) =>
      applyOrderCoupon(app.db, {
        site: request.site,
        orderToken: request.params.id,
        couponCode: request.body.coupon_code,
        channel: 'spot',
      }),
  );
}
