import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROUTES, secretToken } from '@kippu/contract';
import { GMO_SIMULATOR_PATHS } from '@kippu/contract/gateway-simulator';
import type { GmoSimulator } from './gmo-simulator.ts';
import { encodeGmo, type GmoParams } from './gmo-wire.ts';
import { cashierPage, challengePage, lostReturnPage, notFoundPage } from './gmo-pages.ts';

// An AccessID completes its payment and answers the reservation (exe-payment's md): secret (ADR 049).
const id = secretToken(z.string().max(100));
const challengeParams = z.object({ accessId: id });
const challengeBody = z.object({ AccessID: id.optional(), answer: z.enum(['pass', 'fail']) });
const cashierQuery = z.object({ AccessID: id, Token: id });
const cashierBody = z.object({
  AccessID: id,
  Token: id,
  answer: z.enum(['approve', 'decline', 'cancel', 'approve_lost_return', 'approve_lost_all']),
});

/** The gateway's result notification arrives a moment after the browser leaves, and once more (a retry). */
const NOTIFY_DELAYS_MS = [300, 1500];

/**
 * The simulator's browser pages (ADR 026): the card issuer's 3-D Secure 2 challenge and the wallet cashier
 * (PayPay, Alipay). Each answer returns the browser to the merchant's return URL as the gateway does:
 * the challenge re-posts AccessID (307), the cashier sends the result fields (303 with a query). A wallet
 * result is also notified to the merchant's notification endpoint, twice, as gateways retry.
 */
export function gmoPageRoutes(fastify: FastifyInstance, simulator: GmoSimulator): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const html = (body: string) => body;

  const notify = (result: GmoParams) => {
    for (const delay of NOTIFY_DELAYS_MS) {
      setTimeout(() => {
        app
          .inject({
            method: 'POST',
            url: ROUTES.gmoNotify.path,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: encodeGmo(result),
          })
          .catch((error: unknown) =>
            app.log.warn({ err: error }, 'simulated GMO notification not delivered'),
          );
      }, delay).unref();
    }
  };

  app.get(
    `${GMO_SIMULATOR_PATHS.challenge}/:accessId`,
    { schema: { hide: true, params: challengeParams } },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const view = await simulator.challenge(request.params.accessId);
      if (!view) return reply.status(404).send(notFoundPage());
      const action = `${GMO_SIMULATOR_PATHS.challenge}/${request.params.accessId}`;
      return html(challengePage(request.params.accessId, view, action));
    },
  );

  app.post(
    `${GMO_SIMULATOR_PATHS.challenge}/:accessId`,
    { schema: { hide: true, params: challengeParams, body: challengeBody } },
    async (request, reply) => {
      const retUrl = await simulator.answerChallenge(request.params.accessId, request.body.answer);
      if (!retUrl) return reply.status(404).type('text/html; charset=utf-8').send(notFoundPage());
      // 307 repeats the POST (AccessID in the body) at the return URL, as the issuer's form post does.
      return reply.header('cache-control', 'no-store').redirect(retUrl, 307);
    },
  );

  app.get(
    GMO_SIMULATOR_PATHS.cashier,
    { schema: { hide: true, querystring: cashierQuery } },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const { AccessID: accessId, Token: token } = request.query;
      const view = await simulator.cashier(accessId, token);
      if (!view || view.status !== 'UNPROCESSED') return reply.status(404).send(notFoundPage());
      return html(cashierPage(accessId, token, view, GMO_SIMULATOR_PATHS.cashier));
    },
  );

  app.post(
    GMO_SIMULATOR_PATHS.cashier,
    { schema: { hide: true, body: cashierBody } },
    async (request, reply) => {
      const { AccessID: accessId, Token: token, answer } = request.body;
      // approve_lost_all: neither the return nor the notifications arrive; only reconciliation finds it.
      const lost = answer === 'approve_lost_return' || answer === 'approve_lost_all';
      const answered = await simulator.answerCashier(accessId, token, lost ? 'approve' : answer);
      if (!answered) return reply.status(404).type('text/html; charset=utf-8').send(notFoundPage());
      if (answer !== 'approve_lost_all') notify(answered.result);
      reply.header('cache-control', 'no-store');
      if (lost) return reply.type('text/html; charset=utf-8').send(lostReturnPage());
      const url = new URL(answered.retUrl, 'http://return.invalid');
      for (const [key, value] of Object.entries(answered.result)) url.searchParams.set(key, value);
      const target = answered.retUrl.startsWith('/') ? `${url.pathname}${url.search}` : url.toString();
      return reply.redirect(target, 303);
    },
  );
}
