import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secretToken } from '@kippu/contract';
import { cardProcessorSimulatorPaths, FINGERPRINT_SIMULATOR_PATHS } from '@kippu/contract/gateway-simulator';
import type { GatewaySimulatorOptions } from '../options.ts';
import { registerFormBody } from '../shared/form-body.ts';
import { card2ChallengePage } from './card2-challenge-page.ts';
import { card2ThreeDsScript, card2TokenScript, fingerprintScript } from './card2-scripts.ts';
import { Card2Timeout, createCard2Simulator } from './card2-simulator.ts';

/*
 * The imitated processor's interface, not Kippu's API (packages/contract): its scripts in the browser, the
 * merchant's server and the card holder on the challenge page are its callers.
 */
const short = z.string().max(100);
const tokenBodySchema = z.object({
  merchantId: short.optional(),
  number: secretToken(z.string().max(30)).optional(),
  expiry: z.string().max(10).optional(),
  cvc: secretToken(z.string().max(10)).optional(),
  holder: z.string().max(100).optional(),
});
const methodBodySchema = z.object({
  token: secretToken(short),
  device: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean()])),
});
const profileBodySchema = z
  .object({ session_id: z.string().max(100) })
  .catchall(z.union([z.string().max(500), z.number()]));
const chargeBodySchema = z.object({
  merchant_id: short,
  service_id: z.string().max(20),
  order_id: short,
  amount: z.number().int().positive(),
  token: secretToken(short),
  three_ds: z.boolean(),
  return_url: z.string().max(2000).optional(),
  device_session_id: short.optional(),
});
const statusBodySchema = z.object({ merchant_id: short, order_id: short });
const captureBodySchema = z.object({ merchant_id: short, transaction_id: short });
const refundBodySchema = z.object({
  merchant_id: short,
  transaction_id: short,
  amount: z.number().int().positive(),
  refund_key: short,
});
// The transaction id alone lets its holder answer the challenge (pass or fail): a bearer secret, as Stripe's (ADR 049).
const challengeParamsSchema = z.object({ id: secretToken(z.string().max(64)) });
const challengeBodySchema = z.object({ outcome: z.enum(['pass', 'fail']) });

const SCRIPT_CACHE = 'public, max-age=300';

/**
 * The second and third card processors' HTTP faces (ADR 101), each under its own prefix
 * (/simulator/card2, /simulator/card3), and the fraud-screening script (/simulator/fingerprint.js).
 */
export async function card2SimulatorRoutes(
  fastify: FastifyInstance,
  { db, httpError }: GatewaySimulatorOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The challenge page posts a form.
  await registerFormBody(fastify);

  const fingerprint = fingerprintScript(FINGERPRINT_SIMULATOR_PATHS.profile);
  const fingerprintSimulator = createCard2Simulator(db, cardProcessorSimulatorPaths('card2').challenge);
  app.get(FINGERPRINT_SIMULATOR_PATHS.script, { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', SCRIPT_CACHE).send(fingerprint),
  );
  app.post(
    FINGERPRINT_SIMULATOR_PATHS.profile,
    { schema: { hide: true, body: profileBodySchema } },
    async (request, reply) => {
      const taken = await fingerprintSimulator.profileDevice(
        request.body.session_id,
        request.headers['user-agent']?.slice(0, 300) ?? null,
      );
      if (!taken) throw httpError('invalid_request', 'session_id');
      return reply.header('cache-control', 'no-store').status(204).send();
    },
  );

  for (const processor of ['card2', 'card3'] as const) {
    const paths = cardProcessorSimulatorPaths(processor);
    const simulator = createCard2Simulator(db, paths.challenge);
    const tokenScript = card2TokenScript(paths.tokens);
    const threeDsScript = card2ThreeDsScript(paths.threeDsMethod);

    app.get(paths.tokenScript, { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', SCRIPT_CACHE).send(tokenScript),
    );
    app.get(paths.threeDsScript, { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', SCRIPT_CACHE).send(threeDsScript),
    );
    app.post(paths.tokens, { schema: { hide: true, body: tokenBodySchema } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return simulator.issueToken(request.body);
    });
    app.post(
      paths.threeDsMethod,
      { schema: { hide: true, body: methodBodySchema } },
      async (request, reply) => {
        const taken = await simulator.recordThreeDsMethod(request.body.token, request.body.device);
        if (!taken) throw httpError('not_found', 'token');
        return reply.header('cache-control', 'no-store').status(204).send();
      },
    );

    // The merchant server's calls (JSON). A real processor authenticates them with the merchant's server
    // key (HTTP Basic); the simulator takes any caller, as its other stand-ins do.
    app.post(paths.payment, { schema: { hide: true, body: chargeBodySchema } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        return await simulator.charge(request.body);
      } catch (error) {
        // The charge is taken, the answer lost: a gateway time-out, as the merchant sees one.
        if (error instanceof Card2Timeout) return reply.status(504).send({ status: 'timeout' });
        throw error;
      }
    });
    app.post(`${paths.payment}/status`, { schema: { hide: true, body: statusBodySchema } }, async (request) =>
      simulator.status(request.body.merchant_id, request.body.order_id),
    );
    app.post(
      `${paths.payment}/capture`,
      { schema: { hide: true, body: captureBodySchema } },
      async (request) => simulator.capture(request.body.merchant_id, request.body.transaction_id),
    );
    app.post(`${paths.payment}/refund`, { schema: { hide: true, body: refundBodySchema } }, async (request) =>
      simulator.refund(
        request.body.merchant_id,
        request.body.transaction_id,
        request.body.amount,
        request.body.refund_key,
      ),
    );

    app.get(
      `${paths.challenge}/:id`,
      { schema: { hide: true, params: challengeParamsSchema } },
      async (request, reply) => {
        const challenge = await simulator.challenge(request.params.id);
        if (!challenge) throw httpError('not_found');
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(card2ChallengePage({ ...challenge, action: `${paths.challenge}/${request.params.id}` }));
      },
    );
    app.post(
      `${paths.challenge}/:id`,
      { schema: { hide: true, params: challengeParamsSchema, body: challengeBodySchema } },
      async (request, reply) => {
        const returnUrl = await simulator.answerChallenge(request.params.id, request.body.outcome === 'pass');
        if (!returnUrl) throw httpError('not_found');
        // Back to the merchant, naming the transaction (its server asks the processor, never trusts this).
        const url = new URL(returnUrl, 'http://placeholder.invalid');
        url.searchParams.set('transaction_id', request.params.id);
        const target = returnUrl.startsWith('/') ? `${url.pathname}${url.search}` : url.toString();
        return reply.header('cache-control', 'no-store').redirect(target, 303);
      },
    );
  }
}
