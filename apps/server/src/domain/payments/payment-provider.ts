import type { ENVIRONMENTS, PaymentMethodId, SiteCode, SiteSettings } from '@kippu/contract';

/**
 * The payment provider interface (ADR 017). Checkout speaks only this; each gateway family implements it
 * in its own folder (apps/server/src/payments/<family>/, ADR 059) and the families' loop registers it under
 * its method ids (payment-registry.ts), so a new method plugs in without touching checkout.
 */

/** One payment attempt as the provider sees it: written to `payments` before the gateway is called. */
export interface PaymentAttempt {
  /** Our row id. */
  id: number;
  method: PaymentMethodId;
  siteCode: SiteCode;
  /** Integer minor units (yen). */
  amount: number;
  currency: string;
  /** Our public reference, carried through redirects (the spec's payment_number). */
  paymentNumber: string;
  /** The gateway's order id / idempotency key for this attempt: the same key never charges twice. */
  idempotencyKey: string;
  /** The gateway's transaction id, once known (set after `start`). */
  providerReference: string | null;
  /**
   * The gateway account the attempt was made in, where a site's account can change (Stripe: the account's
   * id, ADR 127), stored before the charging call; every later call goes to that account. Null or absent:
   * not recorded (made before migration 1201), so the site's current account answers.
   */
  providerAccount?: string | null;
}

/** What the browser sent with the checkout: a one-time token from the gateway's script, never a card. */
export interface StartInput {
  token?: string;
  maskedCardNumber?: string;
  /**
   * Called (and awaited) just before the gateway call that can charge (GMO's ExecTran): stores that it is
   * being sent, so a crash after it is never read as "never executed" too soon (ADR 047). False: the
   * attempt was abandoned or settled meanwhile, or the mark could not be stored; the call must not be sent.
   */
  beforeCharge?: () => Promise<boolean>;
  /** A card terminal's approval number, typed or read at the counter (method card_terminal). */
  terminalApproval?: string;
  /** The device session the site's fraud-screening script profiled (ADR 101); processors that screen take it. */
  deviceSessionId?: string;
}

/**
 * What a provider is told of a site to describe a method to its payment screen: its public card keys and,
 * where the caller read them, its payment settings (the second and third processors', ADR 101).
 */
export interface PublicSite {
  cardProviderKeys: Record<string, string>;
  payment?: SiteSettings['payment'];
}

/** A summary of one exchange with a gateway, stored in payments.provider_events (never card data). */
export interface ProviderEvent {
  call: string;
  at: string;
  result: Record<string, unknown>;
}

export type StartOutcome =
  /** The money is taken. */
  | { kind: 'done'; providerReference: string | null; events: ProviderEvent[] }
  /** The browser must go elsewhere first (wallet approval, carrier login) and comes back via a callback. */
  | { kind: 'redirect'; providerReference: string; redirectUrl: string; events: ProviderEvent[] }
  /** A 3-D Secure challenge: like a redirect, completed by `complete` from the return callback. */
  | { kind: 'challenge'; providerReference: string; redirectUrl: string; events: ProviderEvent[] }
  /** Nothing was taken; the visitor may pay again. `code` is the gateway's reason (for support, not shown). */
  | { kind: 'declined'; providerReference: string | null; code: string; events: ProviderEvent[] };

/**
 * A declined outcome's `code` when the card holder's 3-D Secure authentication failed (or the issuer's
 * authentication errored), whatever the gateway calls it: a 3-D Secure return then answers the spec's
 * failure fields (§8), so the visitor sees the 3-D Secure failure's retry dialog, not a refused card's.
 */
export const THREE_D_SECURE_FAILED = 'three_d_secure_failed';

/**
 * A declined outcome's `code` when the visitor cancelled on the gateway's page, whatever the gateway calls
 * it (GMO's CANCEL, d払い's canceled, SoftBank's CR or status 3): the return then goes to the callback's
 * cancel screen, which says the visitor cancelled (payments/returns/gateway-returns.ts). One spelling, the attempts' own
 * (`payments.status` 'canceled'), so no gateway's cancel is read as a failure for want of an `l`.
 */
export const PAYMENT_CANCELED = 'canceled';

/** Declined codes of a method the site has not configured (no GMO shop, no SoftBank merchant). */
export const SHOP_NOT_CONFIGURED = 'shop_not_configured';
export const MERCHANT_NOT_CONFIGURED = 'merchant_not_configured';
/**
 * Declines that are our set-up's fault, not the visitor's: they keep payment_api_failure's 502 where a
 * refused card answers 402 (ADR 100).
 */
export const CONFIGURATION_FAILURES: ReadonlySet<string> = new Set([
  SHOP_NOT_CONFIGURED,
  MERCHANT_NOT_CONFIGURED,
]);

/** The answer to a callback (a 3-D Secure return, a wallet notification). */
export type CompleteOutcome =
  | { kind: 'done'; events: ProviderEvent[] }
  | { kind: 'declined'; code: string; events: ProviderEvent[] }
  | { kind: 'pending'; events: ProviderEvent[] };

/** The gateway's view of an attempt, asked when its own answer got lost (time-out, crash). */
export type GatewayStatus = 'confirmed' | 'failed' | 'pending' | 'not_found';

/** What to give back of a taken payment (ADR 077). */
export interface RefundRequest {
  /** Yen to give back now: the whole remaining amount or a part. */
  amount: number;
  /** Our refund's own key (e.g. `refund-<refunds.id>`): the same key never refunds twice at the gateway. */
  refundKey: string;
}

export type RefundOutcome =
  | { kind: 'refunded'; providerReference: string | null; events: ProviderEvent[] }
  /** The gateway refused (e.g. more than remains); `code` is its reason, for staff. */
  | { kind: 'failed'; code: string; events: ProviderEvent[] }
  /** The method cannot give money back by itself (cash, card terminal): staff record a manual refund. */
  | { kind: 'manual'; events: ProviderEvent[] };

export interface PaymentProvider {
  /** The gateway family (one file each): 'free', 'gmo', ... */
  readonly family: string;
  /** Public fields the payment screen needs (token script URL, shop id, test mode), or none. */
  publicFields(site: PublicSite): PublicPaymentFields;
  start(attempt: PaymentAttempt, input: StartInput): Promise<StartOutcome>;
  complete(attempt: PaymentAttempt, callback: Record<string, string>): Promise<CompleteOutcome>;
  status(attempt: PaymentAttempt): Promise<GatewayStatus>;
  /**
   * The process that started the attempt died before it stored the gateway's answer, and no call of ours
   * will ever continue it (ADR 047): what the gateway did, where something the gateway started but never
   * executed is withdrawn (voided where the gateway needs that) and answered `failed`. Omit where `status`
   * already says so.
   */
  abandon?(attempt: PaymentAttempt): Promise<GatewayStatus>;
  /**
   * Gives `request.amount` yen of a taken payment back (all that remains, or a part). Idempotent per
   * `request.refundKey`; throws GatewayUnavailableError when the gateway's answer is unknown (time-out):
   * the caller keeps its refund `requested` and asks again later with the same key.
   */
  refund(attempt: PaymentAttempt, request: RefundRequest): Promise<RefundOutcome>;
  /**
   * The outside origins the browser must reach to pay with this method (a gateway's token script, its
   * 3-D Secure or wallet page, its API). A site's Content-Security-Policy is built from the declarations of
   * the methods it enables, so a site never allows an origin it does not pay through. Omit for a method
   * that needs nothing beyond our own origin (the simulator, `free`).
   */
  readonly contentSecurity?: ContentSecurityDeclaration;
  /**
   * The same for a method whose processor a site's settings choose (the second and third card processors,
   * ADR 101): the origins this site's processor needs in the environment we run in.
   */
  contentSecurityFor?(
    payment: Partial<SiteSettings['payment']>,
    environment: (typeof ENVIRONMENTS)[number],
  ): ContentSecurityDeclaration;
}

/** Origins (e.g. 'https://js.stripe.com') per CSP directive; merged across a site's enabled methods. */
export interface ContentSecurityDeclaration {
  scriptSrc?: readonly string[];
  frameSrc?: readonly string[];
  formAction?: readonly string[];
  connectSrc?: readonly string[];
}

export interface PublicPaymentFields {
  token_script_url?: string;
  shop_id?: string;
  test_mode?: boolean;
  card_processor?: 'card2' | 'card3';
  three_ds_script_url?: string;
}

/** A gateway that did not answer in time or answered garbage: the attempt's outcome is unknown. */
export class GatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayUnavailableError';
  }
}

export function providerEvent(call: string, result: Record<string, unknown>): ProviderEvent {
  return { call, at: new Date().toISOString(), result };
}
