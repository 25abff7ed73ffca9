import Stripe from 'stripe';
import type { PaymentFlow, SiteCode } from '@kippu/contract';
import type { SettleDeps } from '../../domain/checkout/settle-attempt.ts';
import {
  settleGatewayReturn,
  findReturnedAttempt,
  type FoundAttempt,
} from '../returns/settle-gateway-return.ts';
import { AppError } from '../../shared/app-error.ts';
import type { PaymentRegistry } from '../../domain/payments/payment-registry.ts';
import { STRIPE_ATTEMPT_KEY } from './stripe-provider.ts';

/**
 * Stripe's two ways back to us (ADR 028): the browser's return after 3-D Secure and the signed webhook.
 * Either may come first, twice, or alone; both complete the attempt through settleGatewayReturn, which asks
 * Stripe for the PaymentIntent and settles it once.
 */

type Deps = SettleDeps & { payments: PaymentRegistry };

const STRIPE_METHODS = new Set(['stripe', 'stripe_secure']);

/** The visitor's view of an attempt after a return: the payment callback screen's `:status`. */
export type ReturnResult = 'success' | 'failure' | 'pending';

function resultOf(attempt: FoundAttempt): ReturnResult {
  if (attempt.status === 'confirmed') return 'success';
  if (attempt.status === 'pending' || attempt.status === 'created') return 'pending';
  return 'failure';
}

/**
 * GET /payment-return/stripe/{paymentNumber}?payment_intent=…: Stripe's redirect after 3-D Secure. The
 * PaymentIntent named must be the attempt's own (its reference); its state at Stripe decides, never the
 * query's redirect_status.
 */
export async function recordStripeReturn(
  deps: Deps,
  paymentNumber: string,
  paymentIntentId: string,
): Promise<{ siteSlug: string; method: string; result: ReturnResult; flow: PaymentFlow }> {
  const attempt = await findReturnedAttempt(deps.db, { paymentNumber });
  if (!attempt || !STRIPE_METHODS.has(attempt.method)) throw new AppError('record_not_found');
  if (attempt.providerReference !== null && attempt.providerReference !== paymentIntentId) {
    throw new AppError('invalid_request', 'the PaymentIntent is not this attempt’s');
  }
  const after = await settleGatewayReturn(
    deps,
    attempt,
    { payment_intent: paymentIntentId },
    'browser_return',
    paymentIntentId,
  );
  return { siteSlug: after.siteSlug, method: after.method, result: resultOf(after), flow: after.flow };
}

/** The event, verified with the first of `secrets` that its signature matches; undefined when none does. */
function verifiedEvent(rawBody: string, signature: string, secrets: readonly string[]) {
  for (const secret of secrets) {
    try {
      return Stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      // Signed by another of the site's accounts, or not by Stripe: the next secret, if any.
    }
  }
  return undefined;
}

/** The PaymentIntent events that can settle an attempt; the rest are acknowledged and ignored. */
const SETTLING_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
]);

/**
 * POST /payment-webhooks/stripe (the environment's account) and /payment-webhooks/stripe/{site} (a site's
 * own, ADR 125): a signed event. The signature is checked over the raw body with the account's webhook
 * secret (constructEvent; a bad or stale signature is refused); a site's endpoint takes each secret the site
 * still has (its previous account's too, ADR 127), the first that verifies. The PaymentIntent's metadata
 * names our attempt; Stripe is then asked for its current state (events may arrive out of order), in the
 * account the attempt was made in (ADR 127; the site's current one for attempts that stored none). With
 * `site`, an event about another site's attempt is acknowledged and ignored: a site's accounts speak only
 * for that site's payments.
 */
export async function applyStripeEvent(
  deps: Deps,
  webhookSecrets: string | readonly string[] | null | undefined,
  rawBody: string,
  signature: string | undefined,
  site?: SiteCode,
): Promise<{ settled: boolean }> {
  const secrets = (typeof webhookSecrets === 'string' ? [webhookSecrets] : (webhookSecrets ?? [])).filter(
    (secret) => secret !== '',
  );
  if (secrets.length === 0 || !signature) throw new AppError('invalid_request', 'unsigned webhook');
  const event = verifiedEvent(rawBody, signature, secrets);
  if (!event) throw new AppError('invalid_request', 'webhook signature does not verify');
  if (!SETTLING_EVENTS.has(event.type)) return { settled: false };
  const intent = event.data.object as Stripe.PaymentIntent;
  const key = intent.metadata?.[STRIPE_ATTEMPT_KEY];
  const attempt = key
    ? await findReturnedAttempt(deps.db, { idempotencyKey: key })
    : await findReturnedAttempt(deps.db, { providerReference: intent.id });
  // Not ours (another integration on the same account): acknowledged, so Stripe stops sending it.
  if (!attempt || !STRIPE_METHODS.has(attempt.method)) return { settled: false };
  if (site !== undefined && attempt.siteCode !== site) return { settled: false };
  await settleGatewayReturn(deps, attempt, { payment_intent: intent.id }, 'webhook', intent.id);
  return { settled: true };
}
