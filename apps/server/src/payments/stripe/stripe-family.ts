import { paymentMethodEntry } from '@kippu/contract';
import { gatewayOf } from '../../config/env.ts';
import { publicOrigin } from '../../domain/links.ts';
import {
  createStripeSimulator,
  deliverStripeEvents,
  simulatorFetch,
  STRIPE_SIMULATOR_PATHS,
} from '../gateway-simulator.ts';
import { defineGatewayFamily } from '../gateway-family.ts';
import { stripeKeys } from './stripe-keys.ts';
import { STRIPE_PATHS } from './stripe-paths.ts';
import { createStripeCardProvider, stripeClient } from './stripe-provider.ts';
import { stripePaymentRoutes } from './stripe-routes.ts';

/**
 * Stripe cards (ADR 028): `stripe` (3-D Secure where the card asks for it) and `stripe_secure` (every
 * card), one SDK client. Simulated: the SDK's fetch is answered in process by the simulator (whose
 * webhooks, outside tests, are delivered to our endpoint); real: api.stripe.com with the environment's keys,
 * or no provider when they are missing.
 */
export const stripeFamily = defineGatewayFamily({
  name: 'stripe',
  methods: [paymentMethodEntry('stripe'), paymentMethodEntry('stripe_secure')],
  createProviders({ db, env, log }) {
    const keys = stripeKeys(env);
    if (!keys) return {};
    const simulated = gatewayOf(env, 'STRIPE_GATEWAY') === 'simulator';
    const origin = publicOrigin(env);
    const stripe = stripeClient(keys.secretKey, {
      timeoutMs: env.GATEWAY_TIMEOUT_MS,
      ...(simulated
        ? {
            fetch: simulatorFetch(
              createStripeSimulator(db, {
                challengeBaseUrl: `${origin}${STRIPE_SIMULATOR_PATHS.challenge}`,
                ...(env.NODE_ENV !== 'test' && keys.webhookSecret
                  ? {
                      onEvent: deliverStripeEvents(
                        `${origin}${STRIPE_PATHS.webhook}`,
                        keys.webhookSecret,
                        log,
                      ),
                    }
                  : {}),
              }),
            ),
          }
        : {}),
    });
    const common = {
      stripe,
      scriptUrl: simulated ? STRIPE_SIMULATOR_PATHS.script : env.STRIPE_JS_URL,
      publishableKey: keys.publishableKey,
      testMode: simulated || keys.publishableKey.startsWith('pk_test_'),
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
