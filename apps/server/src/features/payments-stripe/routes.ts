import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secretToken } from '@kippu/contract';
import { siteUrl } from '../../domain/links.ts';
import { stripeKeys } from '../../domain/payments/payment-registry.ts';
import { applyStripeEvent, recordStripeReturn } from '../../domain/payments/stripe/stripe-callbacks.ts';
import { STRIPE_PATHS } from '../../domain/payments/stripe/stripe-paths.ts';

/*
 * Stripe calls these, not our SPA: their shapes are Stripe's (the return's query, the event body), so the
 * schemas live here rather than in packages/contract.
 */
// Secret values (ADR 049): the payment number and the PaymentIntent each answer the reservation.
const returnParamsSchema = z.object({
  paymentNumber: secretToken(z.string().regex(/^[A-Za-z0-9_-]{10,64}$/)),
});
const returnQuerySchema = z.object({
  payment_intent: secretToken(z.string().regex(/^pi_\w{1,200}$/)),
  payment_intent_client_secret: secretToken(z.string().max(300)).optional(),
  redirect_status: z.string().max(40).optional(),
});

/**
 * Stripe's ways back (ADR 028), outside every site prefix and the API's XSRF check (Stripe and the
 * browser coming back from the issuer are the callers; neither carries our XSRF token):
 *  - the browser's return after 3-D Secure: the attempt is completed, then 303 to the site's
 *    `#/payment-callback/{method}/{success|failure|pending}` with the PaymentIntent's id, where the screen
 *    confirms it (POST /orders/confirmcheckout with payment_intent_id, which answers like checkout);
 *  - the webhook: a signed event, verified over the raw body (constructEvent).
 */
export async function stripePaymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.checkoutDeps;
  const webhookSecret = stripeKeys(app.env)?.webhookSecret;

  // The signature covers the exact bytes Stripe sent: keep the body as text.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_r, body, done) => done(null, body),
  );

  app.get(
    `${STRIPE_PATHS.return}/:paymentNumber`,
    { schema: { hide: true, params: returnParamsSchema, querystring: returnQuerySchema } },
    async (request, reply) => {
      const intent = request.query.payment_intent;
      const back = await recordStripeReturn(deps, request.params.paymentNumber, intent);
      reply.header('cache-control', 'no-store');
      return reply.redirect(
        siteUrl(
          app.env,
          back.siteSlug,
          `/payment-callback/${back.method}/${back.result}?payment_intent=${intent}`,
        ),
        303,
      );
    },
  );

  app.post(
    STRIPE_PATHS.webhook,
    { schema: { hide: true, body: z.string().max(256 * 1024) } },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const result = await applyStripeEvent(
        deps,
        webhookSecret,
        request.body,
        Array.isArray(signature) ? signature[0] : signature,
      );
      return { received: true, settled: result.settled };
    },
  );
}
