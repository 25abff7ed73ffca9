import Stripe from 'stripe';
import type { SiteCode } from '@kippu/contract';
import {
  GatewayUnavailableError,
  providerEvent,
  SHOP_NOT_CONFIGURED,
  type CompleteOutcome,
  type GatewayStatus,
  type PaymentAttempt,
  type PaymentProvider,
  type StartOutcome,
} from '../../domain/payments/payment-provider.ts';

/**
 * Stripe cards (methods `stripe` and `stripe_secure`, ADR 028) through the official `stripe` SDK. The
 * browser turns the card into a PaymentMethod with Stripe.js (the card never reaches our server); the
 * server creates and confirms a PaymentIntent with it, keyed by the attempt's idempotency key, so a retried
 * call never charges twice. 3-D Secure answers `requires_action` with a redirect; the browser comes back to
 * our return route and the attempt is completed by the PaymentIntent's id (confirmcheckout, the webhook).
 */

/** Our attempt's idempotency key, in the PaymentIntent's metadata: how a lost answer is found again. */
export const STRIPE_ATTEMPT_KEY = 'kippu_payment';

/**
 * A refund's failure code when the account the payment was made in has no key configured any more (ADR 127):
 * staff read it on the order page and refund in that account's dashboard (or set its key again).
 */
export const STRIPE_ACCOUNT_NOT_CONFIGURED = 'stripe_account_not_configured';

/** The account an attempt was made in has no configured key: nothing is sent, to it or to any other. */
class StripeAccountNotConfigured extends GatewayUnavailableError {
  constructor(site: SiteCode, account: string) {
    super(`the Stripe account ${account} this payment was made in has no key configured for site ${site}`);
    this.name = 'StripeAccountNotConfigured';
  }
}

/** Which account a payment is made in and, later, that account's client again (ADR 127). */
export interface StripeAttemptAccounts {
  /** The account a client opens; null when Stripe refuses the client's key. */
  accountOf(client: Stripe): Promise<string | null>;
  /** The client of a configured key opening `account` for the site; null when none does any more. */
  clientOfAccount(site: SiteCode, account: string): Promise<Stripe | null>;
  /** Stores the attempt's account before its PaymentIntent is created; answers the account it holds. */
  record(attempt: PaymentAttempt, account: string): Promise<string | null>;
}

export interface StripeCardOptions {
  /**
   * The client of the Stripe account that pays for a site (ADR 125: the site's own, else the
   * environment's); null when the site has none configured.
   */
  clientOf: (site: SiteCode) => Promise<Stripe | null>;
  /**
   * Each attempt's account, stored at its start and used for every later call (ADR 127). Absent (a test's
   * single client): nothing is stored and every call uses clientOf.
   */
  accounts?: StripeAttemptAccounts;
  /** stripe_secure: ask for 3-D Secure on every card ('any'); stripe: only where the card requires it. */
  threeDSecure: boolean;
  /** Where 3-D Secure returns the browser (our return route, which completes the attempt). */
  returnUrl: (attempt: PaymentAttempt) => string;
  /** Stripe.js: the real https://js.stripe.com/v3, or the simulator's copy. */
  scriptUrl: string;
  /** The environment's publishable key; none when the real Stripe has no account of the environment's. */
  publishableKey: string | undefined;
  /** The simulator (every key a test key); else a site's test mode is its publishable key's. */
  testMode: boolean;
}

/** Stripe's client for our server: the SDK's defaults, and where it is sent (the real API or the simulator). */
export function stripeClient(
  secretKey: string,
  options: {
    timeoutMs: number;
    /** A local Stripe-shaped API (the simulator over HTTP, a test's fake). */
    endpoint?: { host: string; port: number; protocol: 'http' | 'https' };
    /** Or an in-process one. */
    fetch?: typeof fetch;
  },
): Stripe {
  return new Stripe(secretKey, {
    // A lost answer is settled by asking (status), never by blind retries.
    maxNetworkRetries: 0,
    timeout: options.timeoutMs,
    telemetry: false,
    ...(options.endpoint ?? {}),
    ...(options.fetch ? { httpClient: Stripe.createFetchHttpClient(options.fetch) } : {}),
  });
}

type Intent = Stripe.PaymentIntent;

const summary = (intent: Intent) => ({
  id: intent.id,
  status: intent.status,
  ...(intent.last_payment_error?.code ? { code: intent.last_payment_error.code } : {}),
  ...(intent.last_payment_error?.decline_code
    ? { decline_code: intent.last_payment_error.decline_code }
    : {}),
});

const declineCode = (intent: Intent) =>
  intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? intent.status;

/**
 * Stripe answered, but not about the request: a 409 `idempotency_error` (the same key while its first request
 * is still running; the SDK makes it a StripeAPIError) or a rate limit (429, or 400 `rate_limit`). What the
 * first request did is unknown, so the caller asks again later with the same key (review finding 3), never
 * treats it as refused.
 */
function isBusy(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error instanceof Stripe.errors.StripeError && (error.statusCode === 409 || error.statusCode === 429))
  );
}

/** A Stripe error that says the request itself was refused (nothing can have been charged by it). */
function isRefusal(error: unknown): error is Stripe.errors.StripeError {
  return (
    error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError
  );
}

/**
 * The publishable key a site's payment screen starts Stripe.js with: the site's settings key when it is a
 * publishable one (`pk_…`; the settings schema refuses secret keys), else the fallback (the environment's).
 */
export function stripePublishableKeyOf(
  site: { cardProviderKeys: Record<string, string> },
  fallback: string | undefined,
): string | undefined {
  const own = site.cardProviderKeys.stripe;
  return own && own.startsWith('pk_') ? own : fallback;
}

export function createStripeCardProvider(options: StripeCardOptions): PaymentProvider {
  /**
   * The client of the account the attempt was made in (ADR 127), whichever account its site uses now; throws
   * StripeAccountNotConfigured when no configured key opens it. An attempt that stored none (made before
   * migration 1201) keeps the site's current account, as before; a later call for a site that lost its
   * account waits.
   */
  async function clientFor(attempt: PaymentAttempt): Promise<Stripe> {
    const account = attempt.providerAccount;
    if (account && options.accounts) {
      const stripe = await options.accounts.clientOfAccount(attempt.siteCode, account);
      if (!stripe) throw new StripeAccountNotConfigured(attempt.siteCode, account);
      return stripe;
    }
    const stripe = await options.clientOf(attempt.siteCode);
    if (!stripe)
      throw new GatewayUnavailableError(`no Stripe account configured for site ${attempt.siteCode}`);
    return stripe;
  }

  async function intentOf(stripe: Stripe, attempt: PaymentAttempt, known?: string): Promise<Intent | null> {
    const intentId = attempt.providerReference ?? known;
    try {
      if (intentId) return await stripe.paymentIntents.retrieve(intentId);
      // The create call's answer was lost: find the PaymentIntent by our key in its metadata.
      const found = await stripe.paymentIntents.search({
        query: `metadata['${STRIPE_ATTEMPT_KEY}']:'${attempt.idempotencyKey}'`,
      });
      return found.data[0] ?? null;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw new GatewayUnavailableError(`Stripe: ${(error as Error).message}`, { cause: error });
    }
  }

  return {
    family: 'stripe',
    // Stripe.js, its card Element's frames and its API calls; the simulator is same-origin and needs none.
    ...(options.testMode && options.scriptUrl.startsWith('/')
      ? {}
      : {
          contentSecurity: {
            scriptSrc: ['https://js.stripe.com'],
            frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
            connectSrc: ['https://api.stripe.com'],
          },
        }),

    publicFields(site) {
      // The site's own key (settings payment.cardProviderKeys.stripe) is the one Stripe.js starts with;
      // the environment's STRIPE_PUBLISHABLE_KEY (or the simulator's) only when the site names none
      // (issue 32, ADR 125; README, "Stripe and d払い").
      const publishableKey = stripePublishableKeyOf(site, options.publishableKey);
      return {
        token_script_url: options.scriptUrl,
        ...(publishableKey ? { shop_id: publishableKey } : {}),
        test_mode: options.testMode || (publishableKey?.startsWith('pk_test_') ?? false),
      };
    },

    async start(attempt, input): Promise<StartOutcome> {
      // No account for the site: our set-up's fault whatever the browser sent, and nothing is sent anywhere
      // (never to the environment's account in its stead).
      const stripe = await options.clientOf(attempt.siteCode);
      if (!stripe)
        return { kind: 'declined', providerReference: null, code: SHOP_NOT_CONFIGURED, events: [] };
      if (!input.token?.startsWith('pm_')) {
        return { kind: 'declined', providerReference: null, code: 'payment_method_missing', events: [] };
      }
      if (options.accounts) {
        // Stored before the PaymentIntent exists (a crash after its creation still finds it in this account).
        const account = await options.accounts.accountOf(stripe);
        if (!account) {
          const events = [providerEvent('Account.retrieve', { refused: 'the secret key' })];
          return { kind: 'declined', providerReference: null, code: SHOP_NOT_CONFIGURED, events };
        }
        // The attempt in memory carries it too: checkout reads the outcome of a start that threw (a time-out
        // after the charge) and refunds an order gone meanwhile through this same object, in this account.
        const stored = await options.accounts.record(attempt, account);
        attempt.providerAccount = stored;
        // Another account already stored (checkout starts an attempt once, so only a second start of it
        // could): never made in a second account; later calls ask the stored one.
        if (stored !== account) {
          throw new GatewayUnavailableError(`Stripe: attempt ${attempt.id} belongs to another account`);
        }
      }
      let intent: Intent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: attempt.amount,
            currency: attempt.currency.toLowerCase(),
            payment_method: input.token,
            allowed_payment_method_types: ['card'],
            confirm: true,
            return_url: options.returnUrl(attempt),
            payment_method_options: {
              card: { request_three_d_secure: options.threeDSecure ? 'any' : 'automatic' },
            },
            metadata: { [STRIPE_ATTEMPT_KEY]: attempt.idempotencyKey, payment_number: attempt.paymentNumber },
          },
          { idempotencyKey: attempt.idempotencyKey },
        );
      } catch (error) {
        if (!isRefusal(error)) throw error;
        // A declined confirmation: 402 with the PaymentIntent (if one was made) inside the error.
        const refused = error.payment_intent;
        return {
          kind: 'declined',
          providerReference: refused?.id ?? null,
          code: error.decline_code ?? error.code ?? error.type,
          events: [
            providerEvent('PaymentIntent.create', {
              error: error.type,
              code: error.code,
              ...(error.decline_code ? { decline_code: error.decline_code } : {}),
              ...(refused ? { id: refused.id } : {}),
            }),
          ],
        };
      }
      const events = [providerEvent('PaymentIntent.create', summary(intent))];
      switch (intent.status) {
        case 'succeeded':
          return { kind: 'done', providerReference: intent.id, events };
        case 'requires_action': {
          const redirectUrl = intent.next_action?.redirect_to_url?.url;
          if (!redirectUrl)
            return { kind: 'declined', providerReference: intent.id, code: 'no_redirect', events };
          return { kind: 'challenge', providerReference: intent.id, redirectUrl, events };
        }
        case 'requires_payment_method':
        case 'canceled':
          return { kind: 'declined', providerReference: intent.id, code: declineCode(intent), events };
        default:
          // processing: the outcome is not known yet; checkout asks for the status.
          throw new GatewayUnavailableError(`Stripe PaymentIntent ${intent.id} is ${intent.status}`);
      }
    },

    async status(attempt): Promise<GatewayStatus> {
      const intent = await intentOf(await clientFor(attempt), attempt);
      if (!intent) return 'not_found';
      if (intent.status === 'succeeded') return 'confirmed';
      if (intent.status === 'requires_payment_method' || intent.status === 'canceled') return 'failed';
      return 'pending';
    },

    /** A return or a notification: the PaymentIntent as Stripe has it now decides. */
    async complete(attempt, callback): Promise<CompleteOutcome> {
      const intent = await intentOf(
        await clientFor(attempt),
        attempt,
        callback.payment_intent ?? callback.payment_intent_id,
      );
      if (!intent) return { kind: 'declined', code: 'not_found', events: [] };
      if (intent.metadata?.[STRIPE_ATTEMPT_KEY] !== attempt.idempotencyKey) {
        // Another attempt's PaymentIntent: never settle this one with it.
        return {
          kind: 'pending',
          events: [providerEvent('PaymentIntent.retrieve', { mismatch: intent.id })],
        };
      }
      const events = [providerEvent('PaymentIntent.retrieve', summary(intent))];
      if (intent.status === 'succeeded') return { kind: 'done', events };
      if (intent.status === 'requires_payment_method' || intent.status === 'canceled') {
        return { kind: 'declined', code: declineCode(intent), events };
      }
      return { kind: 'pending', events };
    },

    /**
     * ADR 077: the Refunds API through the SDK, the amount given (all that remains or a part) and our
     * refund key as the Idempotency-Key, so Stripe itself never refunds one key twice. Stripe's refusals
     * (more than remains, nothing to refund) answer `failed`; no answer (connection, time-out, Stripe's
     * 5xx) and a busy answer (409 key in flight, 429: isBusy) throw GatewayUnavailableError, and the same key
     * is sent again later.
     */
    async refund(attempt, request) {
      let stripe: Stripe;
      try {
        stripe = await clientFor(attempt);
      } catch (error) {
        // The payment's account lost its key: a refusal staff can read (the order page's failure code),
        // never a refund asked of another account, nor a retry that can never succeed.
        if (!(error instanceof StripeAccountNotConfigured)) throw error;
        const events = [
          providerEvent('Refund.create', {
            error: STRIPE_ACCOUNT_NOT_CONFIGURED,
            account: attempt.providerAccount,
          }),
        ];
        return { kind: 'failed', code: STRIPE_ACCOUNT_NOT_CONFIGURED, events };
      }
      const intent = await intentOf(stripe, attempt);
      if (!intent) return { kind: 'failed', code: 'no_payment_intent', events: [] };
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: intent.id, amount: request.amount },
          { idempotencyKey: request.refundKey },
        );
        const events = [
          providerEvent('Refund.create', { id: refund.id, amount: refund.amount, status: refund.status }),
        ];
        return refund.status === 'failed' || refund.status === 'canceled'
          ? { kind: 'failed', code: `refund_${refund.status}`, events }
          : { kind: 'refunded', providerReference: refund.id, events };
      } catch (error) {
        const answered =
          error instanceof Stripe.errors.StripeError &&
          error.statusCode !== undefined &&
          error.statusCode < 500 &&
          !(error instanceof Stripe.errors.StripeConnectionError) &&
          !isBusy(error);
        if (!answered) {
          throw new GatewayUnavailableError(`Stripe Refund.create: ${(error as Error).message}`, {
            cause: error,
          });
        }
        const code = error.code ?? error.type;
        return { kind: 'failed', code, events: [providerEvent('Refund.create', { error: code })] };
      }
    },
  };
}
