import type { FastifyInstance } from 'fastify';
import { paymentResultEndpoint } from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { paymentResult } from '../../domain/checkout/exe-payment.ts';

/** GET /payment-results/{paymentNumber}: the outcome of an attempt, for the payment-callback screens. */
export async function paymentCallbackRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.checkoutDeps;
  registerEndpoint(app, paymentResultEndpoint, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return paymentResult(deps, request.site, request.params.id);
  });
}
