import { ROUTES, type PaymentMethod } from '@kippu/contract';
import { gatewayOf, simulatorEnabled, type Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { freeProvider } from './free-provider.ts';
import { createGmoCardProvider } from './gmo/gmo-card-provider.ts';
import { httpGmoTransport } from './gmo/gmo-protocol.ts';
import { gmoShopDirectory } from './gmo/gmo-shops.ts';
import { createGmoWalletProvider } from './gmo/gmo-wallet-provider.ts';
import { publicOrigin } from '../links.ts';
import { paymentReturnUrl } from './payment-returns.ts';
import type { PaymentProvider, PublicPaymentFields } from './payment-provider.ts';
import {
  createGmoSimulator,
  createSbpsSimulator,
  createStripeSimulator,
  deliverStripeEvents,
  GMO_SIMULATOR_PATHS,
  simulatorFetch,
  simulatorGmoTransport,
  STRIPE_SIMULATOR_KEYS,
  STRIPE_SIMULATOR_PATHS,
  type GmoSimulatorHooks,
} from '../../payments/gateway-simulator.ts';
import { sbpsConfig } from './softbank/sbps-config.ts';
import { createSbpsProvider, httpSbpsTransport } from './softbank/sbps-link-provider.ts';
import { createStripeCardProvider, stripeClient } from './stripe/stripe-provider.ts';
import { STRIPE_PATHS } from './stripe/stripe-paths.ts';
import { dpayProvider } from './dpay/dpay-gateway.ts';

/**
 * The providers by the spec's method ids (ADR 017). Checkout asks this registry and nothing else, so a new
 * method is a new provider file plus one line here. Configuration decides, per gateway family, whether the
 * built-in simulator or the real gateway answers.
 */
export interface PaymentRegistry {
  providerFor(method: PaymentMethod): PaymentProvider | undefined;
  /** What the payment screen needs to show a method (token script, shop id, test mode); {} for most. */
  publicFields(
    method: PaymentMethod,
    site: { cardProviderKeys: Record<string, string> },
  ): PublicPaymentFields;
}

type Family = Partial<Record<PaymentMethod, PaymentProvider>>;

/** The simulator's crash hook (GATEWAY_SIM_STOP_AT), only ever under NODE_ENV=test (ADR 047). */
function simulatorHooks(env: Env): GmoSimulatorHooks {
  if (env.NODE_ENV !== 'test' || !env.GATEWAY_SIM_STOP_AT) return {};
  return {
    stopAt: env.GATEWAY_SIM_STOP_AT,
    // The test waits for this line on the server's output, then kills the process.
    onStop: (point) => process.stdout.write(`gateway-sim: stopped at ${point}\n`),
  };
}

/**
 * GMO-PG: the plain card (`gmo`), the card with 3-D Secure 2 (`gmo_3ds`), and the wallets PayPay
 * (`gmo_paypay`) and Alipay (`alipay`), over one transport. Gateway returns come back through the
 * return routes (payment-returns.ts): the payment number names the attempt, and through it the site.
 */
function gmoFamily(db: Db, env: Env): Family {
  const simulated = (env.GMO_GATEWAY ?? (simulatorEnabled(env) ? 'simulator' : 'real')) === 'simulator';
  const transport = simulated
    ? simulatorGmoTransport(createGmoSimulator(db, simulatorHooks(env)))
    : httpGmoTransport(env.GMO_API_URL, env.GATEWAY_TIMEOUT_MS);
  const shopOf = gmoShopDirectory(db, simulated);
  const tokenOrigin = new URL(env.GMO_TOKEN_SCRIPT_URL).origin;
  const card = {
    transport,
    shopOf,
    tokenScriptUrl: simulated ? GMO_SIMULATOR_PATHS.tokenScript : env.GMO_TOKEN_SCRIPT_URL,
    testMode: simulated,
    // The real token script comes from GMO's origin and posts the card there; the simulator is ours.
    ...(simulated ? {} : { contentSecurity: { scriptSrc: [tokenOrigin], connectSrc: [tokenOrigin] } }),
  };
  const returnTo = (route: { path: string }) => (attempt: { paymentNumber: string }) =>
    paymentReturnUrl(env, route, attempt.paymentNumber);
  return {
    gmo: createGmoCardProvider({ ...card, threeDSecure: false }),
    gmo_3ds: createGmoCardProvider({
      ...card,
      threeDSecure: true,
      returnUrl: returnTo(ROUTES.gmo3dsReturnGet),
    }),
    gmo_paypay: createGmoWalletProvider({
      wallet: 'paypay',
      transport,
      shopOf,
      returnUrl: returnTo(ROUTES.gmoPaypayReturnGet),
    }),
    alipay: createGmoWalletProvider({
      wallet: 'alipay',
      transport,
      shopOf,
      returnUrl: returnTo(ROUTES.alipayReturnGet),
    }),
  };
}

/**
 * SoftBank Payment Service link type (ADR 027): card, card with 3-D Secure, Alipay and PayPay over one
 * signed protocol; the XML API (status, refund) over HTTP or to the simulator in process.
 */
function softbankFamily(db: Db, env: Env): Family {
  const config = sbpsConfig(env);
  const simulator = config.simulated ? createSbpsSimulator(db) : undefined;
  const transport = simulator ? (xml: string) => simulator.api(xml) : httpSbpsTransport(config);
  return {
    softbank_credit: createSbpsProvider(config, transport, 'softbank_credit'),
    softbank_3ds: createSbpsProvider(config, transport, 'softbank_3ds'),
    softbank_alipay: createSbpsProvider(config, transport, 'softbank_alipay'),
    softbank_paypay: createSbpsProvider(config, transport, 'softbank_paypay'),
  };
}

/** The keys Stripe is used with: the environment's, or the simulator's own. */
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

/**
 * Stripe cards (ADR 028): `stripe` (3-D Secure where the card asks for it) and `stripe_secure` (every
 * card), one SDK client. Simulated: the SDK's fetch is answered in process by the simulator (whose
 * webhooks, outside tests, are delivered to our endpoint); real: api.stripe.com with the environment's keys,
 * or nothing when they are missing.
 */
function stripeFamily(db: Db, env: Env, log?: RegistryLog): Family {
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
              ...(env.NODE_ENV !== 'test' && log && keys.webhookSecret
                ? {
                    onEvent: deliverStripeEvents(`${origin}${STRIPE_PATHS.webhook}`, keys.webhookSecret, log),
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
}

type RegistryLog = { warn(details: object, message: string): void };

export function createPaymentRegistry(db: Db, env: Env, log?: RegistryLog): PaymentRegistry {
  const providers: Family = {
    free: freeProvider,
    ...gmoFamily(db, env),
    ...stripeFamily(db, env, log),
    ...softbankFamily(db, env),
    ...dpayProvider(db, env),
  };
  return {
    providerFor: (method) => providers[method],
    publicFields: (method, site) => providers[method]?.publicFields(site) ?? {},
  };
}
