import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secretToken } from '@kippu/contract';
import { SOFTBANK_SIMULATOR_PATHS } from '@kippu/contract/gateway-simulator';
import type { GatewaySimulatorOptions } from '../options.ts';
import { AUTO_SUBMIT_SCRIPT, formPostPage } from '../shared/form-post-page.ts';
import { createSbpsSimulator, SbpsRequestRefused, type SbpsFinished } from './softbank-simulator.ts';
import { cardPage, challengePage, errorPage, walletPage } from './softbank-pages.ts';

const formSchema = z.record(z.string().max(64), z.string().max(2000));
// The tracking id names a visitor's payment on the imitated gateway: secret (ADR 049).
const trackingParamsSchema = z.object({ trackingId: secretToken(z.string().regex(/^[0-9a-f]{14}$/)) });

/**
 * The simulated SBPS gateway's HTTP face (ADR 027): the link type's purchase page, its card / wallet /
 * 3-D Secure pages, and the XML API. Registered inside the simulator's plugin (its form parser, only
 * while GATEWAY_SIMULATOR is on).
 */
export async function softbankSimulatorRoutes(
  fastify: FastifyInstance,
  { db, origin }: GatewaySimulatorOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const simulator = createSbpsSimulator(db);

  /**
   * The gateway's result notification to the merchant's pagecon_url. To our own origin it is handed to
   * this server in process (no network in the demo and the tests); elsewhere it is a real POST.
   */
  async function notify(notification: NonNullable<SbpsFinished['notification']>) {
    const payload = new URLSearchParams(notification.fields).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    try {
      if (notification.url.startsWith(`${origin}/`)) {
        const res = await app.inject({
          method: 'POST',
          url: notification.url.slice(origin.length),
          headers,
          payload,
        });
        if (!res.body.startsWith('OK'))
          app.log.warn({ answer: res.body }, 'SBPS simulator: notification refused');
      } else {
        await fetch(notification.url, {
          method: 'POST',
          headers,
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
      }
    } catch (error) {
      app.log.warn({ err: error }, 'SBPS simulator: notification not delivered');
    }
  }

  /** Notify (when a notification goes out), then send the browser back to the merchant with a POST. */
  async function backToMerchant(finished: SbpsFinished) {
    if (finished.notification) await notify(finished.notification);
    return formPostPage({
      lang: 'ja',
      title: 'ショップへ戻ります / Returning to the shop',
      text: '自動で移動しない場合はボタンを押してください。 / If nothing happens, press the button.',
      button: 'ショップへ戻る / Back to the shop',
      action: finished.returnUrl,
      fields: finished.returnFields,
      scriptSrc: SOFTBANK_SIMULATOR_PATHS.autoSubmitScript,
    });
  }

  const html = (reply: import('fastify').FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');

  app.get(SOFTBANK_SIMULATOR_PATHS.autoSubmitScript, { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(AUTO_SUBMIT_SCRIPT),
  );

  app.post(
    SOFTBANK_SIMULATOR_PATHS.purchase,
    { schema: { hide: true, body: formSchema } },
    async (request, reply) => {
      try {
        const purchase = await simulator.receivePurchase(request.body);
        const action = `${SOFTBANK_SIMULATOR_PATHS.pay}/${purchase.trackingId}`;
        const body =
          purchase.payMethod === 'paypay' || purchase.payMethod === 'alipay'
            ? walletPage(action, purchase.amount, purchase.payMethod)
            : cardPage(action, purchase.amount, purchase.payMethod === 'credit3d');
        return html(reply).send(body);
      } catch (error) {
        if (error instanceof SbpsRequestRefused)
          return html(reply).status(400).send(errorPage(error.errCode));
        throw error;
      }
    },
  );

  app.post(
    `${SOFTBANK_SIMULATOR_PATHS.pay}/:trackingId`,
    { schema: { hide: true, params: trackingParamsSchema, body: formSchema } },
    async (request, reply) => {
      const { trackingId } = request.params;
      const body = request.body;
      try {
        const purchase = await simulator.transaction(trackingId);
        if (!purchase) return html(reply).status(404).send(errorPage('no_such_purchase'));
        const choice = body.choice;
        const outcome =
          choice === 'approve' || choice === 'decline' || choice === 'cancel'
            ? choice === 'cancel'
              ? await simulator.cancel(trackingId)
              : await simulator.pay(trackingId, { kind: 'wallet', choice })
            : await simulator.pay(trackingId, {
                kind: 'card',
                cardNumber: (body.cardno ?? '').replace(/\D/g, ''),
                expire: (body.expire ?? '').replace(/\D/g, '').padEnd(4, '0').slice(0, 4),
              });
        if (outcome === 'challenge') {
          return html(reply).send(
            challengePage(`${SOFTBANK_SIMULATOR_PATHS.challenge}/${trackingId}`, purchase.amount),
          );
        }
        return html(reply).send(await backToMerchant(outcome));
      } catch (error) {
        if (error instanceof SbpsRequestRefused)
          return html(reply).status(400).send(errorPage(error.errCode));
        throw error;
      }
    },
  );

  app.post(
    `${SOFTBANK_SIMULATOR_PATHS.challenge}/:trackingId`,
    { schema: { hide: true, params: trackingParamsSchema, body: formSchema } },
    async (request, reply) => {
      try {
        const finished = await simulator.answerChallenge(
          request.params.trackingId,
          request.body.answer === 'pass',
        );
        return html(reply).send(await backToMerchant(finished));
      } catch (error) {
        if (error instanceof SbpsRequestRefused)
          return html(reply).status(400).send(errorPage(error.errCode));
        throw error;
      }
    },
  );

  app.addContentTypeParser(
    ['text/xml', 'application/xml'],
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_r, body, done) => done(null, body),
  );
  app.post(SOFTBANK_SIMULATOR_PATHS.api, { schema: { hide: true } }, async (request, reply) =>
    reply.type('text/xml; charset=utf-8').send(await simulator.api(String(request.body ?? ''))),
  );
}
