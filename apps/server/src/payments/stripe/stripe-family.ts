import { paymentMethodEntry } from '@kippu/contract';
import { gatewayOf } from '../../config/env.ts';
import { publicOrigin } from '../../domain/links.ts';
import { recordProviderAccount } from '../../domain/payments/payment-attempts.ts';
import { STRIPE_SIMULATOR_PATHS } from '../gateway-simulator.ts';
import { defineGatewayFamily } from '../gateway-family.ts';
import { stripeAccountsOf } from './stripe-accounts.ts';
import { stripeKeys } from './stripe-keys.ts';
import { STRIPE_PATHS } from './stripe-paths.ts';
import { createStripeCardProvider } from './stripe-provider.ts';
import { stripePaymentRoutes } from './stripe-routes.ts';

/**
 * Stripe cards (ADR 028): `stripe` (3-D Secure where the card asks for it) and `stripe_secure` (every
 * card). Each attempt is made in its site's account (ADR 125) and stores which, so it is asked about and
 * refunded in that account whatever the site uses later (ADR 127); a site without one declines them
 * (shop_not_configured).
 */
export const stripeFamily = defineGatewayFamily({
  name: 'stripe',
  methods: [paymentMethodEntry('stripe'), paymentMethodEntry('stripe_secure')],
  createProviders(context) {
    const { env } = context;
    const simulated = gatewayOf(env, 'STRIPE_GATEWAY') === 'simulator';
    const accounts = stripeAccountsOf(context);
    const origin = publicOrigin(env);
    const common = {
      clientOf: accounts.clientOf,
      accounts: {
        accountOf: accounts.accountOf,
        clientOfAccount: accounts.clientOfAccount,
        record: (attempt: { id: number }, account: string) =>
          recordProviderAccount(context.db, attempt.id, account),
      },
      scriptUrl: simulated ? STRIPE_SIMULATOR_PATHS.script : env.STRIPE_JS_URL,
      publishableKey: stripeKeys(env)?.publishableKey,
      testMode: simulated,
      returnUrl: (attempt: { paymentNumber: string }) =>
        `${origin}${STRIPE_PATHS.return}/${attempt.paymentNumber}`,
    };
    return {
      stripe: createStripeCardProvider({ ...common, threeDSecure: false }),
      stripe_secure: createStripeCardProvider({ ...common, threeDSecure: true }),
    };
  },
  routes: stripePaymentRoutes,
});
