import type { FastifyInstance } from 'fastify';
import { confirmCheckoutEndpoint } from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { MOVES_STOCK } from '../../plugins/read-your-writes.ts';
import { UNPACED } from '../../plugins/waiting-room-gate.ts';
import { confirmCheckout } from '../../domain/checkout/confirm-checkout.ts';

/**
 * POST /orders/confirmcheckout (spec §7, ADR 027): the browser back from a gateway asks for the result of
 * its payment attempt, by payment number and method (SoftBank 3-D Secure) or by payment_intent_id (Stripe).
 */
export async function confirmCheckoutRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.checkoutDeps;

  // Unpaced (ADR 133): it may ask the gateway.
  registerEndpoint(
    app,
    confirmCheckoutEndpoint,
    { config: { ...MOVES_STOCK.config, ...UNPACED } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const body = request.body;
      return 'payment_intent_id' in body
        ? confirmCheckout(deps, request.site, {
            locator: { providerReference: body.payment_intent_id },
            callback: { payment_intent_id: body.payment_intent_id },
          })
        : confirmCheckout(deps, request.site, {
            locator: { paymentNumber: body.payment_number },
            method: body.payment_method_type,
            callback: { payment_number: body.payment_number },
          });
    },
  );
}
