import type { FastifyInstance } from 'fastify';
import { exePaymentEndpoint } from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { exePayment } from '../../domain/checkout/exe-payment.ts';

/** POST /gmo-secure/exe-payment (spec §7): completes a GMO 3-D Secure payment after its challenge. */
export async function gmoSecureRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.checkoutDeps;
  registerEndpoint(app, exePaymentEndpoint, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return exePayment(deps, request.site, request.body.md);
  });
}
