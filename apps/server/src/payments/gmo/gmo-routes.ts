import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  alipayReturnGetEndpoint,
  alipayReturnPostEndpoint,
  gmo3dsReturnGetEndpoint,
  gmo3dsReturnPostEndpoint,
  gmoGatewayFieldsSchema,
  gmoNotifyEndpoint,
  gmoPaypayReturnGetEndpoint,
  gmoPaypayReturnPostEndpoint,
  type PaymentMethod,
} from '@kippu/contract';
import { notificationFromGateway, returnFromGateway } from '../returns/gateway-returns.ts';
import { GMO_REDIRECT_METHODS } from './gmo-paths.ts';
import { registerFormBody } from '../../plugins/form-body.ts';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';

/** Each GMO method's return, by GET and by POST (the gateway uses either); schemas in the contract. */
const RETURNS = {
  gmo_3ds: [gmo3dsReturnGetEndpoint, gmo3dsReturnPostEndpoint],
  gmo_paypay: [gmoPaypayReturnGetEndpoint, gmoPaypayReturnPostEndpoint],
  alipay: [alipayReturnGetEndpoint, alipayReturnPostEndpoint],
} as const satisfies Record<(typeof GMO_REDIRECT_METHODS)[number], readonly unknown[]>;

/**
 * GMO-PG's returns and notifications (ADR 026), in the family's own scope (families.ts) outside the site
 * prefix and the XSRF check (their callers are the gateway and a browser coming back from it):
 *  - the 3-D Secure challenge returns to `/payment-return/gmo_3ds/{paymentNumber}`: recorded, then the
 *    site's `#/payment-callback/gmo3ds?md={AccessID}` completes it (exe-payment);
 *  - the wallets (gmo_paypay, alipay) return to `/payment-return/{method}/{paymentNumber}`: settled at once
 *    by asking the gateway, then `#/payment-callback/{method}/{success|failure|cancel|pending}`;
 *  - the gateway's result notification posts to `/payment-notify/gmo` and answers `0` (received).
 */
export async function gmoReturnRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.checkoutDeps;
  // Gateways post forms; a form body becomes a plain object of strings (this family's scope only).
  await registerFormBody(app);

  const fieldsOf = (request: FastifyRequest) =>
    gmoGatewayFieldsSchema.safeParse({
      ...(request.query as object),
      ...(request.body as object | undefined),
    }).data ?? {};

  const returnRoute = (method: PaymentMethod) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { paymentNumber } = request.params as { paymentNumber: string };
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
  for (const method of GMO_REDIRECT_METHODS) {
    for (const endpoint of RETURNS[method]) {
      registerEndpoint(app, endpoint, { schema: { hide: true } }, returnRoute(method));
    }
  }

  registerEndpoint(app, gmoNotifyEndpoint, { schema: { hide: true } }, async (request, reply) => {
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
