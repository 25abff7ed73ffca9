import Stripe from 'stripe';
import type { StripeSimulatorOptions } from './stripe-simulator.ts';

/**
 * The simulator's webhook sender (demo only): each event goes to our own webhook endpoint, signed with the
 * webhook secret as Stripe signs it (`Stripe-Signature: t=…,v1=…`), so the endpoint's constructEvent check
 * is the one a real Stripe event passes. Like Stripe, it sends after the API call answered and a failed
 * delivery is not the caller's problem (the browser's return settles the attempt as well).
 */
export function deliverStripeEvents(
  webhookUrl: string,
  secret: string,
  log: { warn(details: object, message: string): void },
): NonNullable<StripeSimulatorOptions['onEvent']> {
  return (event) => {
    const payload = JSON.stringify({ object: 'event', api_version: Stripe.API_VERSION, ...event });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    setTimeout(() => {
      fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      }).catch((error: unknown) =>
        log.warn({ err: error, event: event.id }, 'simulated Stripe webhook not delivered'),
      );
    }, 200);
  };
}
