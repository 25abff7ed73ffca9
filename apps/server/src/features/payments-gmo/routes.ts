import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkoutResponseSchema, exePaymentBodySchema } from '@kippu/contract';
import type { CompleteDeps } from '../../domain/checkout/complete-attempt.ts';
import { exePayment } from '../../domain/checkout/exe-payment.ts';
import { createPaymentRegistry } from '../../domain/payments/payment-registry.ts';

/** POST /gmo-secure/exe-payment (spec §7): completes a GMO 3-D Secure payment after its challenge. */
export async function gmoSecureRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: CompleteDeps = {
    db: app.db,
    env: app.env,
    log: app.log,
    payments: createPaymentRegistry(app.db, app.env),
  };
  app.post(
    '/gmo-secure/exe-payment',
    { schema: { body: exePaymentBodySchema, response: { 200: checkoutResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return exePayment(deps, request.site, request.body.md);
    },
  );
}
