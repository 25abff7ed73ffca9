/**
 * Our server's Stripe endpoints (features/payments-stripe), outside every site prefix: Stripe calls them
 * with no site in mind; the payment number (return) or the PaymentIntent (webhook) names the attempt.
 */
export const STRIPE_PATHS = {
  /** `${return}/{paymentNumber}?payment_intent=…&redirect_status=…`: the browser after 3-D Secure. */
  return: '/payment-return/stripe',
  /** Stripe's webhook endpoint (signed events). */
  webhook: '/payment-webhooks/stripe',
} as const;
