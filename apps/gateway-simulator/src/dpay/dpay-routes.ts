import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secretToken } from '@kippu/contract';
import { DPAY_SIMULATOR_PATHS } from '@kippu/contract/gateway-simulator';
import type { GatewaySimulatorOptions } from '../options.ts';
import { registerFormBody } from '../shared/form-body.ts';
import { createDpaySimulator } from './dpay-simulator.ts';
import { dpayLoginPage, dpayPaymentPage, dpayReturnPage } from './dpay-pages.ts';

/* The imitated carrier's pages and their form fields (not Kippu's API). */
const authorizeQuerySchema = z.object({
  response_type: z.literal('code'),
  scope: z.string().max(200),
  client_id: z.string().max(200),
  redirect_uri: z.url().max(500),
  state: secretToken(z.string().max(200)),
  nonce: secretToken(z.string().max(200)),
  prompt: z.string().max(40).optional(),
  authif: z.string().max(40).optional(),
});
const authorizeBodySchema = authorizeQuerySchema.extend({
  account: z.string().max(100).optional(),
  password: secretToken(z.string().max(100)).optional(),
  decision: z.enum(['login', 'cancel']),
});
const paymentBodySchema = z.object({
  s_terkn: z.string().max(200),
  s_spcd: z.string().max(200),
  s_cptok: secretToken(z.string().max(200)),
});
const decideBodySchema = z.object({
  s_cptok: secretToken(z.string().max(200)),
  decision: z.enum(['pay', 'cancel']),
});

const html = 'text/html; charset=utf-8';

/** The d払い simulator's pages (ADR 028): the carrier login and the payment page. */
export async function dpaySimulatorRoutes(
  fastify: FastifyInstance,
  { db, httpError }: GatewaySimulatorOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const simulator = createDpaySimulator(db);
  await registerFormBody(fastify);

  app.get(
    DPAY_SIMULATOR_PATHS.authorize,
    { schema: { hide: true, querystring: authorizeQuerySchema } },
    async (request, reply) =>
      reply.type(html).header('cache-control', 'no-store').send(dpayLoginPage(request.query)),
  );

  app.post(
    DPAY_SIMULATOR_PATHS.authorize,
    { schema: { hide: true, body: authorizeBodySchema } },
    async (request, reply) => {
      const body = request.body;
      const back = await simulator.authorize({
        clientId: body.client_id,
        redirectUri: body.redirect_uri,
        state: body.state,
        nonce: body.nonce,
        account: body.decision === 'login' ? (body.account ?? null) : null,
      });
      if (!back) throw httpError('invalid_request', 'unknown client or account');
      return reply.redirect(back, 303);
    },
  );

  app.post(
    DPAY_SIMULATOR_PATHS.payment,
    { schema: { hide: true, body: paymentBodySchema } },
    async (request, reply) => {
      const payment = await simulator.paymentOf(request.body);
      if (!payment) throw httpError('not_found');
      return reply
        .type(html)
        .header('cache-control', 'no-store')
        .send(dpayPaymentPage(request.body, payment));
    },
  );

  app.post(
    `${DPAY_SIMULATOR_PATHS.payment}/decide`,
    { schema: { hide: true, body: decideBodySchema } },
    async (request, reply) => {
      const decided = await simulator.decide(request.body.s_cptok, request.body.decision === 'pay');
      if (!decided) throw httpError('not_found');
      return reply
        .type(html)
        .header('cache-control', 'no-store')
        .send(
          dpayReturnPage(
            decided.returnUrl,
            { s_cptok: request.body.s_cptok, result: decided.status },
            decided.status,
          ),
        );
    },
  );
}
