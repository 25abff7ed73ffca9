import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentResultParamsSchema, paymentResultResponseSchema } from '@kippu/contract';
import { paymentResult } from '../../domain/checkout/exe-payment.ts';

/** GET /payment-results/{paymentNumber}: the outcome of an attempt, for the payment-callback screens. */
export async function paymentCallbackRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.checkoutDeps;
  app.get(
    '/payment-results/:id',
    { schema: { params: paymentResultParamsSchema, response: { 200: paymentResultResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return paymentResult(deps, request.site, request.params.id);
    },
  );
}
