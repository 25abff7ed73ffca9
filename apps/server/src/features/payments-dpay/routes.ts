import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dpayAuthResponseSchema,
  dpayScptokResponseSchema,
  orderTokenParamsSchema,
  secretToken,
  storableText,
} from '@kippu/contract';
import { dpayGateway, DPAY_PATHS } from '../../domain/payments/dpay/dpay-gateway.ts';
import {
  applyDpayNotification,
  dpayAuthParams,
  dpayPaymentToken,
  recordDpayLogin,
  recordDpayResult,
} from '../../domain/payments/dpay/dpay-flow.ts';
import { registerFormBody } from '../../plugins/form-body.ts';
import { registerXsrfCheck } from '../../plugins/xsrf.ts';

/* The carrier's returns have the carrier's shapes: their schemas live here, not in packages/contract. */
// Secret values (ADR 049): the payment number answers the reservation; state and code are the login's.
const paymentNumberSchema = z.object({
  paymentNumber: secretToken(z.string().regex(/^[A-Za-z0-9_-]{10,64}$/)),
});
// Storable text throughout: what the carrier sends is looked up in or kept by the database.
const loginReturnQuerySchema = z.object({
  state: secretToken(storableText().min(1).max(200)),
  code: secretToken(storableText().min(1).max(200)).optional(),
  error: storableText().max(100).optional(),
  error_description: storableText().max(500).optional(),
});
const formSchema = z.record(storableText().max(100), storableText().max(2000));
const notifySchema = z.object({ s_cptok: secretToken(storableText().min(1).max(200)) }).loose();

/**
 * d払い (ADR 028). The SPA's two calls under the site's path (spec §7: `/{site}/d-account/v1/auth/{id}` and
 * `/{site}/d-pay/v1/scptok/{id}`, XSRF-checked like the API), and the carrier's returns and notification
 * outside every site and the XSRF check (the carrier's pages are their callers).
 */
export async function dpayRoutes(fastify: FastifyInstance): Promise<void> {
  const gateway = dpayGateway(fastify.db, fastify.env);
  if (!gateway) return;
  const deps = {
    db: fastify.db,
    env: fastify.env,
    log: fastify.log,
    payments: fastify.payments,
    dpay: gateway,
  };

  await fastify.register(
    async (site) => {
      registerXsrfCheck(site);
      const app = site.withTypeProvider<ZodTypeProvider>();
      app.get(
        '/d-account/v1/auth/:id',
        { schema: { params: orderTokenParamsSchema, response: { 200: dpayAuthResponseSchema } } },
        async (request, reply) => {
          reply.header('cache-control', 'no-store');
          return dpayAuthParams(deps, request.site, request.params.id);
        },
      );
      app.get(
        '/d-pay/v1/scptok/:id',
        { schema: { params: orderTokenParamsSchema, response: { 200: dpayScptokResponseSchema } } },
        async (request, reply) => {
          reply.header('cache-control', 'no-store');
          return dpayPaymentToken(deps, request.site, request.params.id);
        },
      );
    },
    { prefix: '/:slug' },
  );

  await fastify.register(async (carrier) => {
    const app = carrier.withTypeProvider<ZodTypeProvider>();
    await registerFormBody(carrier);
    app.get(
      `${DPAY_PATHS.return}/:paymentNumber`,
      { schema: { hide: true, params: paymentNumberSchema, querystring: loginReturnQuerySchema } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return reply.redirect(await recordDpayLogin(deps, request.params.paymentNumber, request.query), 303);
      },
    );
    app.post(
      `${DPAY_PATHS.return}/:paymentNumber/result`,
      { schema: { hide: true, params: paymentNumberSchema, body: formSchema } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return reply.redirect(await recordDpayResult(deps, request.params.paymentNumber), 303);
      },
    );
    app.post(DPAY_PATHS.notify, { schema: { hide: true, body: notifySchema } }, async (request) =>
      applyDpayNotification(deps, request.body.s_cptok),
    );
  });
}
