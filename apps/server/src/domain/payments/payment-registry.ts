import type { PaymentMethod } from '@kippu/contract';
import { simulatorEnabled, type Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { publicOrigin } from '../links.ts';
import { freeProvider } from './free-provider.ts';
import { createGmoCardProvider } from './gmo/gmo-card-provider.ts';
import { httpGmoTransport } from './gmo/gmo-protocol.ts';
import { gmoShopDirectory } from './gmo/gmo-shops.ts';
import type { PaymentProvider, PublicPaymentFields } from './payment-provider.ts';
import { createGmoSimulator, simulatorGmoTransport } from './simulator/gmo-simulator.ts';
import { GMO_SIMULATOR_PATHS } from './simulator/simulator-paths.ts';

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

/** GMO-PG: the plain card (`gmo`) and the card with 3-D Secure 2 (`gmo_3ds`), over one transport. */
function gmoFamily(db: Db, env: Env): Family {
  const simulated = (env.GMO_GATEWAY ?? (simulatorEnabled(env) ? 'simulator' : 'real')) === 'simulator';
  const common = {
    transport: simulated
      ? simulatorGmoTransport(createGmoSimulator(db))
      : httpGmoTransport(env.GMO_API_URL, env.GATEWAY_TIMEOUT_MS),
    shopOf: gmoShopDirectory(db, simulated),
    tokenScriptUrl: simulated ? GMO_SIMULATOR_PATHS.tokenScript : env.GMO_TOKEN_SCRIPT_URL,
    testMode: simulated,
    // The 3-D Secure return lands on a server route (the payments issue records it there); the payment
    // number names the attempt, and through it the order and the site.
    returnUrl: (attempt: { paymentNumber: string }) =>
      `${publicOrigin(env)}/payment-return/gmo_3ds/${attempt.paymentNumber}`,
  };
  return {
    gmo: createGmoCardProvider({ ...common, threeDSecure: false }),
    gmo_3ds: createGmoCardProvider({ ...common, threeDSecure: true }),
  };
}

export function createPaymentRegistry(db: Db, env: Env): PaymentRegistry {
  const providers: Family = {
    free: freeProvider,
    ...gmoFamily(db, env),
  };
  return {
    providerFor: (method) => providers[method],
    publicFields: (method, site) => providers[method]?.publicFields(site) ?? {},
  };
}
