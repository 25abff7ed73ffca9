import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secretToken } from '@kippu/contract';
import { GMO_SIMULATOR_PATHS } from '@kippu/contract/gateway-simulator';
import { card2SimulatorRoutes } from './card2/card2-routes.ts';
import { dpaySimulatorRoutes } from './dpay/dpay-routes.ts';
import { gmoPageRoutes } from './gmo/gmo-page-routes.ts';
import { createGmoSimulator, SimulatedGatewayTimeout } from './gmo/gmo-simulator.ts';
import { gmoTokenScript } from './gmo/gmo-token-script.ts';
import { decodeGmo, encodeGmo, GMO_APIS, type GmoApi } from './gmo/gmo-wire.ts';
import type { GatewaySimulatorOptions } from './options.ts';
import { registerFormBody } from './shared/form-body.ts';
import { softbankSimulatorRoutes } from './softbank/softbank-routes.ts';
import { stripeSimulatorRoutes } from './stripe/stripe-routes.ts';

/*
 * These schemas describe the imitated gateway's interface, not Kippu's API (which lives in
 * packages/contract): the browser's token script and a GMO-PG client are their only callers.
 */
const cardField = z.union([z.string().max(200), z.number()]).nullish();
const cardTokenBodySchema = z.object({
  shopId: cardField,
  cardno: secretToken(cardField),
  expire: cardField,
  securitycode: secretToken(cardField),
  holdername: cardField,
  tokennumber: cardField,
});
const cardTokenResponseSchema = z.object({
  resultCode: z.string(),
  tokenObject: z
    .object({
      token: z.array(secretToken(z.string())),
      toBeExpiredAt: z.string(),
      maskedCardNo: z.string(),
      isSecurityCodeSet: z.boolean(),
    })
    .optional(),
});
const serverCallParamsSchema = z.object({ call: z.string().max(40) });
const serverCallBodySchema = z.record(z.string().max(100), z.string().max(2000));

const apiOf = (call: string): GmoApi | undefined => {
  const name = call.replace(/\.idPass$/, '');
  return call.endsWith('.idPass') && (GMO_APIS as readonly string[]).includes(name)
    ? (name as GmoApi)
    : undefined;
};

/**
 * The built-in gateway simulator's HTTP face (ADR 017, 060): the Fastify plugin the server mounts, outside
 * every site prefix and the API's XSRF check (its callers are the token script and a gateway client, as
 * for the real gateway). The server registers it only while GATEWAY_SIMULATOR is on.
 */
export async function gatewaySimulatorRoutes(
  fastify: FastifyInstance,
  options: GatewaySimulatorOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Each gateway's face in its own plugin (its own body parsers).
  await app.register(stripeSimulatorRoutes, options);
  await app.register(dpaySimulatorRoutes, options);
  await app.register(card2SimulatorRoutes, options);
  const simulator = createGmoSimulator(options.db);
  const script = gmoTokenScript(GMO_SIMULATOR_PATHS.tokenApi);

  // GMO-PG's server calls are form-encoded both ways.
  await registerFormBody(fastify, { parser: decodeGmo });

  gmoPageRoutes(app, simulator);

  app.get(GMO_SIMULATOR_PATHS.tokenScript, { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(script),
  );

  app.post(
    GMO_SIMULATOR_PATHS.tokenApi,
    { schema: { hide: true, body: cardTokenBodySchema, response: { 200: cardTokenResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return simulator.issueCardToken(request.body);
    },
  );

  app.post(
    `${GMO_SIMULATOR_PATHS.base}/payment/:call`,
    { schema: { hide: true, params: serverCallParamsSchema, body: serverCallBodySchema } },
    async (request, reply) => {
      const api = apiOf(request.params.call);
      if (!api) throw options.httpError('not_found');
      try {
        const answer = await simulator.call(api, request.body);
        return reply.type('text/plain; charset=utf-8').send(encodeGmo(answer));
      } catch (error) {
        // The charge is taken and the answer "lost": a gateway time-out, as a client would see it.
        if (error instanceof SimulatedGatewayTimeout) {
          return reply.status(504).type('text/plain; charset=utf-8').send('Gateway Timeout');
        }
        throw error;
      }
    },
  );

  // SoftBank Payment Service's link type (ADR 027), sharing this scope's form parser.
  await app.register(softbankSimulatorRoutes, options);
}
