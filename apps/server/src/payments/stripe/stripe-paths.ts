import { ROUTES, staticPrefix } from '@kippu/contract';

/**
 * Our server's Stripe endpoints (stripe-routes.ts), outside every site prefix: Stripe calls them
 * with no site in mind; the payment number (return) or the PaymentIntent (webhook) names the attempt.
 * The routes are the contract's (ADR 050).
 */
export const STRIPE_PATHS = {
  /** `${return}/{paymentNumber}?payment_intent=…&redirect_status=…`: the browser after 3-D Secure. */
  return: staticPrefix(ROUTES.stripeReturn.path),
  /** Stripe's webhook endpoint (signed events). */
  webhook: ROUTES.stripeWebhook.path,
} as const;
