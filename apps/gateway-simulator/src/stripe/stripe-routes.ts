import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secretToken } from '@kippu/contract';
import { STRIPE_SIMULATOR_PATHS } from '@kippu/contract/gateway-simulator';
import type { GatewaySimulatorOptions } from '../options.ts';
import { registerFormBody } from '../shared/form-body.ts';
import { stripeChallengePage } from './stripe-challenge-page.ts';
import { stripeJsScript } from './stripe-js-script.ts';
import { createStripeSimulator, SimulatedStripeTimeout } from './stripe-simulator.ts';

/*
 * The imitated gateway's interface, not Kippu's API (packages/contract): Stripe.js, a Stripe SDK and the
 * browser on the 3-D Secure page are its callers.
 */
const formSchema = z.record(z.string().max(200), z.string().max(2000));
// A PaymentIntent's id answers the reservation (confirmcheckout), its client secret is one: secret (ADR 049).
const challengeParamsSchema = z.object({ id: secretToken(z.string().regex(/^pi_[0-9a-f]{1,64}$/)) });
const challengeQuerySchema = z.object({ client_secret: secretToken(z.string().max(200)) });
const challengeBodySchema = z.object({
  client_secret: secretToken(z.string().max(200)),
  outcome: z.enum(['complete', 'fail']),
});

/**
 * The Stripe simulator's HTTP face (ADR 028): Stripe.js-shaped script, the API under
 * /simulator/stripe/v1/... (Stripe's own paths below the prefix), and the issuer's 3-D Secure page.
 */
export async function stripeSimulatorRoutes(
  fastify: FastifyInstance,
  { db, origin, httpError }: GatewaySimulatorOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const simulator = createStripeSimulator(db, {
    challengeBaseUrl: `${origin}${STRIPE_SIMULATOR_PATHS.challenge}`,
  });
  const script = stripeJsScript(STRIPE_SIMULATOR_PATHS.api);

  // Stripe's API is form-encoded with bracketed keys (`metadata[key]`): kept flat, as Stripe reads them.
  await registerFormBody(fastify);

  app.get(STRIPE_SIMULATOR_PATHS.script, { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(script),
  );

  const api = async (
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, string>,
    headers: Record<string, string | string[] | undefined>,
  ) => {
    const header = (name: string) => {
      const value = headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    try {
      return await simulator.handle({
        method,
        path,
        params,
        authorization: header('authorization'),
        idempotencyKey: header('idempotency-key'),
      });
    } catch (error) {
      // The work is done and the answer "lost": a gateway time-out, as a client would see it.
      if (error instanceof SimulatedStripeTimeout)
        return { status: 504, body: { error: { type: 'api_error' } } };
      throw error;
    }
  };

  app.get(
    `${STRIPE_SIMULATOR_PATHS.api}/v1/*`,
    { schema: { hide: true, querystring: formSchema } },
    async (request, reply) => {
      const path = `/v1/${(request.params as { '*': string })['*']}`;
      const answer = await api('GET', path, request.query, request.headers);
      return reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
    },
  );

  app.post(
    `${STRIPE_SIMULATOR_PATHS.api}/v1/*`,
    { schema: { hide: true, body: formSchema } },
    async (request, reply) => {
      const path = `/v1/${(request.params as { '*': string })['*']}`;
      const answer = await api('POST', path, request.body, request.headers);
      return reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
    },
  );

  app.get(
    `${STRIPE_SIMULATOR_PATHS.challenge}/:id`,
    { schema: { hide: true, params: challengeParamsSchema, querystring: challengeQuerySchema } },
    async (request, reply) => {
      const challenge = await simulator.challengeOf(request.params.id, request.query.client_secret);
      if (!challenge) throw httpError('not_found');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          stripeChallengePage({
            id: request.params.id,
            clientSecret: request.query.client_secret,
            ...challenge,
          }),
        );
    },
  );

  app.post(
    `${STRIPE_SIMULATOR_PATHS.challenge}/:id`,
    { schema: { hide: true, params: challengeParamsSchema, body: challengeBodySchema } },
    async (request, reply) => {
      const back = await simulator.authenticate(
        request.params.id,
        request.body.client_secret,
        request.body.outcome === 'complete',
      );
      if (!back) throw httpError('not_found');
      return reply.redirect(back.returnUrl, 303);
    },
  );
}
