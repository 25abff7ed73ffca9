import { gatewayOf, type Env } from '../../config/env.ts';
import { STRIPE_SIMULATOR_KEYS } from '../gateway-simulator.ts';

/** The keys Stripe is used with: the environment's, or the simulator's own; null when real and unset. */
export function stripeKeys(env: Env) {
  return gatewayOf(env, 'STRIPE_GATEWAY') === 'simulator'
    ? STRIPE_SIMULATOR_KEYS
    : env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        }
      : null;
}
