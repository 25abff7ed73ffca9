import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type PaymentMethod, secretToken, storableText } from '@kippu/contract';
import { notificationFromGateway, returnFromGateway } from '../../domain/checkout/gateway-returns.ts';
import { GMO_NOTIFY_PATH, GMO_REDIRECT_METHODS } from '../../domain/payments/gmo/gmo-paths.ts';
import { PAYMENT_RETURN_PREFIX } from '../../domain/payments/payment-returns.ts';

// The payment number answers the reservation (GET /payment-results/{id}): secret, never logged (ADR 049).
const paymentNumberParams = z.object({
  paymentNumber: secretToken(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)),
});
/** What a gateway posts or appends: short text fields only, storable as they are kept with the attempt. */
const gatewayFields = z.record(storableText().max(64), storableText().max(512));
const notification = gatewayFields.pipe(
  z.object({ AccessID: z.string().max(64), OrderID: z.string().max(64) }).catchall(z.string()),
);

/**
 * GMO-PG's returns and notifications (ADR 026), outside the site prefix and the XSRF check (their callers
 * are the gateway and a browser coming back from it):
 *  - the 3-D Secure challenge returns to `/payment-return/gmo_3ds/{paymentNumber}`: recorded, then the
 *    site's `#/payment-callback/gmo3ds?md={AccessID}` completes it (exe-payment);
 *  - the wallets (gmo_paypay, alipay) return to `/payment-return/{method}/{paymentNumber}`: settled at once
 *    by asking the gateway, then `#/payment-callback/{method}/{success|failure|cancel|pending}`;
 *  - the gateway's result notification posts to `/payment-notify/gmo` and answers `0` (received).
 */
export async function gmoReturnRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.checkoutDeps;

  const fieldsOf = (request: FastifyRequest) =>
    gatewayFields.safeParse({ ...(request.query as object), ...(request.body as object | undefined) }).data ??
    {};

  const returnRoute = (method: PaymentMethod) => {
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const { paymentNumber } = paymentNumberParams.parse(request.params);
      const target = await returnFromGateway(deps, {
        method,
        paymentNumber,
        params: fieldsOf(request),
        settle: method !== 'gmo_3ds',
        callbackPath: (found, status) =>
          method === 'gmo_3ds'
            ? `/payment-callback/gmo3ds?md=${encodeURIComponent(found.attempt.providerReference ?? '')}`
            : `/payment-callback/${method}/${status}?payment_number=${encodeURIComponent(paymentNumber)}`,
      });
      return reply.header('cache-control', 'no-store').redirect(target, 303);
    };
    const url = `${PAYMENT_RETURN_PREFIX}/${method}/:paymentNumber`;
    app.get(url, { schema: { hide: true, params: paymentNumberParams } }, handler);
    app.post(url, { schema: { hide: true, params: paymentNumberParams } }, handler);
  };
  for (const method of GMO_REDIRECT_METHODS) returnRoute(method);

  app.post(GMO_NOTIFY_PATH, { schema: { hide: true, body: notification } }, async (request, reply) => {
    const { AccessID: reference, OrderID: orderId } = request.body;
    const known = await notificationFromGateway(deps, {
      methods: GMO_REDIRECT_METHODS,
      reference,
      orderId,
      params: request.body,
    });
    if (!known) request.log.warn({ reference }, 'GMO notification for no attempt of ours');
    // 0: received (GMO stops retrying); an unknown trade is not worth the gateway's retries either.
    return reply.type('text/plain; charset=utf-8').send('0');
  });
}
