import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkoutResponseSchema, exePaymentBodySchema } from '@kippu/contract';
import { exePayment } from '../../domain/checkout/exe-payment.ts';

/** POST /gmo-secure/exe-payment (spec §7): completes a GMO 3-D Secure payment after its challenge. */
export async function gmoSecureRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.checkoutDeps;
  app.post(
    '/gmo-secure/exe-payment',
    { schema: { body: exePaymentBodySchema, response: { 200: checkoutResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return exePayment(deps, request.site, request.body.md);
    },
  );
}
