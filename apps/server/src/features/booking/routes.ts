import type { FastifyInstance } from 'fastify';
import {
  ERRORS,
  KIOSK_DEVICE_COOKIE,
  cancelOrderEndpoint,
  createOrderEndpoint,
  temporaryOrderEndpoint,
  updateOrderEndpoint,
} from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { MOVES_STOCK } from '../../plugins/read-your-writes.ts';
import { cancelOrder } from '../../domain/order-release/cancel-order.ts';
import { createVisitorOrder, updateVisitorOrderForm } from '../../domain/box-office/kiosk-orders.ts';
import { getTemporaryOrder } from '../../domain/orders/get-order.ts';
import { addressKeyOf, clientKeyOf } from '../../plugins/client-key.ts';
import { CLIENT_BUDGETS, perClientRateLimit } from '../../plugins/rate-limit.ts';
import { holdThroughQueue } from '../../plugins/waiting-room-gate.ts';

/** Temporary orders and holds. */
export async function bookingRoutes(app: FastifyInstance): Promise<void> {
  // The app's one batcher and product cache (= one per server process), shared with the invitation links.
  const deps = app.orderDeps;

  registerEndpoint(
    app,
    createOrderEndpoint,
    { config: { ...perClientRateLimit('order-holds', CLIENT_BUDGETS.orderHolds), ...MOVES_STOCK.config } },
    async (request, reply) => {
      // The web's channel, or the kiosk's from a paired kiosk (ADR 080); `pos` never (the console sells it).
      const client = {
        code: request.site,
        clientKey: clientKeyOf(request),
        addressKey: addressKeyOf(request),
      };
      const device = request.cookies[KIOSK_DEVICE_COOKIE];
      const held = await holdThroughQueue(request, request.body.product_uuid, () =>
        createVisitorOrder(deps, app.db, client, request.body, device),
      );
      return reply.status(201).send({
        order_token: held.orderToken,
        expires_at: held.expiresAt.toISOString(),
        price: held.price,
      });
    },
  );

  registerEndpoint(app, temporaryOrderEndpoint, async (request) =>
    getTemporaryOrder(app.db, request.site, request.params.id, request.query.lang),
  );

  registerEndpoint(app, updateOrderEndpoint, async (request) =>
    updateVisitorOrderForm(
      app.db,
      request.site,
      request.params.id,
      request.body,
      request.cookies[KIOSK_DEVICE_COOKIE],
    ),
  );

  registerEndpoint(app, cancelOrderEndpoint, MOVES_STOCK, async (request, reply) => {
    const cancelled = await cancelOrder(app.db, request.site, request.params.id);
    // The client ignores 400 on this call (spec §7): an order already gone is not worth a dialog.
    if (!cancelled) return reply.status(400).send({ error: ERRORS.record_not_found.message });
    return { order_token: request.params.id, status: 'cancelled' as const };
  });
}
