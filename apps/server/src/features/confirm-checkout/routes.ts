import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkoutResponseSchema, confirmCheckoutBodySchema } from '@kippu/contract';
import type { CheckoutDeps } from '../../domain/checkout/checkout.ts';
import { confirmCheckout } from '../../domain/checkout/confirm-checkout.ts';
import { createPaymentRegistry } from '../../domain/payments/payment-registry.ts';

/** Bounded like checkout's wait (features/checkout): under the client's 240 000 ms time-out (spec §9). */
const WAIT_FOR_ATTEMPT_MS = 200_000;

/**
 * POST /orders/confirmcheckout (spec §7, ADR 027): the browser back from a gateway asks for the result of
 * its payment attempt, by payment number and method (SoftBank 3-D Secure) or by payment_intent_id (Stripe).
 */
export async function confirmCheckoutRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: CheckoutDeps = {
    db: app.db,
    env: app.env,
    payments: createPaymentRegistry(app.db, app.env),
    waitForAttemptMs: WAIT_FOR_ATTEMPT_MS,
    log: app.log,
  };

  app.post(
    '/orders/confirmcheckout',
    { schema: { body: confirmCheckoutBodySchema, response: { 200: checkoutResponseSchema } } },
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
