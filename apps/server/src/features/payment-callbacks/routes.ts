import type { FastifyInstance } from 'fastify';
import { exePaymentEndpoint, paymentResultEndpoint } from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { MOVES_STOCK } from '../../plugins/read-your-writes.ts';
import { UNPACED } from '../../plugins/waiting-room-gate.ts';
import { exePayment, paymentResult } from '../../domain/checkout/exe-payment.ts';

/**
 * The SPA's calls after a gateway's page (ADR 026, 059), whatever the flow (booking, spot, change of date):
 * each answer names its flow. The gateways' own returns and notifications are their families' (payments/).
 *  - GET /payment-results/{paymentNumber}: the outcome of an attempt, for the payment-callback screens;
 *  - POST /gmo-secure/exe-payment (spec §7): completes a GMO 3-D Secure payment after its challenge.
 */
export async function paymentCallbackRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.checkoutDeps;
  // Both unpaced (ADR 133): they may ask the gateway.
  registerEndpoint(app, paymentResultEndpoint, { config: UNPACED }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return paymentResult(deps, request.site, request.params.id);
  });
  registerEndpoint(
    app,
    exePaymentEndpoint,
    { config: { ...MOVES_STOCK.config, ...UNPACED } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return exePayment(deps, request.site, request.body.md);
    },
  );
}
