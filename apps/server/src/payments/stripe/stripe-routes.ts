import type { FastifyInstance } from 'fastify';
import { stripeReturnEndpoint, stripeSiteWebhookEndpoint, stripeWebhookEndpoint } from '@kippu/contract';
import { AppError } from '../../shared/app-error.ts';
import { siteUrl } from '../../domain/links.ts';
import { withFlow } from '../returns/gateway-returns.ts';
import { stripeAccountsOf } from './stripe-accounts.ts';
import { stripeKeys } from './stripe-keys.ts';
import { applyStripeEvent, recordStripeReturn } from './stripe-callbacks.ts';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';

/**
 * Stripe's ways back (ADR 028), outside every site prefix and the API's XSRF check (Stripe and the
 * browser coming back from the issuer are the callers; neither carries our XSRF token):
 *  - the browser's return after 3-D Secure: the attempt is completed, then 303 to the site's
 *    `#/payment-callback/{method}/{success|failure|pending}` with the PaymentIntent's id, where the screen
 *    confirms it (POST /orders/confirmcheckout with payment_intent_id, which answers like checkout);
 *  - the webhooks: a signed event, verified over the raw body (constructEvent): the environment's account's
 *    at /payment-webhooks/stripe, a site's own account's (and its previous one's, ADR 127) at
 *    /payment-webhooks/stripe/{site} (ADR 125).
 */
export async function stripePaymentRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.checkoutDeps;
  const webhookSecret = stripeKeys(app.env)?.webhookSecret;
  const accounts = stripeAccountsOf({ db: deps.db, env: app.env, log: app.log });
  const hidden = { schema: { hide: true } };

  // The signature covers the exact bytes Stripe sent: keep the body as text.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_r, body, done) => done(null, body),
  );

  registerEndpoint(app, stripeReturnEndpoint, hidden, async (request, reply) => {
    const intent = request.query.payment_intent;
    const back = await recordStripeReturn(deps, request.params.paymentNumber, intent);
    reply.header('cache-control', 'no-store');
    return reply.redirect(
      siteUrl(
        app.env,
        back.siteSlug,
        withFlow(`/payment-callback/${back.method}/${back.result}?payment_intent=${intent}`, back.flow),
      ),
      303,
    );
  });

  registerEndpoint(app, stripeWebhookEndpoint, hidden, async (request) => {
    const signature = request.headers['stripe-signature'];
    const result = await applyStripeEvent(
      deps,
      webhookSecret,
      request.body,
      Array.isArray(signature) ? signature[0] : signature,
    );
    return { received: true as const, settled: result.settled };
  });

  registerEndpoint(app, stripeSiteWebhookEndpoint, hidden, async (request) => {
    const { site } = request.params;
    // The current account's secret, and the site's previous account's while it is kept (ADR 127).
    const secrets = await accounts.webhookSecretsOf(site);
    // Stripe's dashboard shows our answer to each delivery: a 4xx that says what is wrong, never a 5xx.
    if (!secrets) throw new AppError('record_not_found', `Stripe webhook for unknown site ${site}`);
    if (secrets.length === 0)
      throw new AppError('invalid_request', `no Stripe webhook secret for site ${site}`);
    const signature = request.headers['stripe-signature'];
    const result = await applyStripeEvent(
      deps,
      secrets,
      request.body,
      Array.isArray(signature) ? signature[0] : signature,
      site,
    );
    return { received: true as const, settled: result.settled };
  });
}
