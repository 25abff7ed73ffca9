import type { FastifyInstance } from 'fastify';
import type { PaymentKind } from '@kippu/contract';
import type { PaymentProvider } from '../domain/payments/payment-provider.ts';
import type { PaymentRegistry } from '../domain/payments/payment-registry.ts';
import { counterFamily } from './counter/counter-family.ts';
import { dpayFamily } from './dpay/dpay-family.ts';
import { freeFamily } from './free/free-family.ts';
import type { GatewayFamily, GatewayFamilyContext } from './gateway-family.ts';
import { gmoFamily } from './gmo/gmo-family.ts';
import { onAccountFamily } from './on-account/on-account-family.ts';
import { softbankFamily } from './softbank/softbank-family.ts';
import { stripeFamily } from './stripe/stripe-family.ts';

/**
 * The product's payment families (ADR 059), one folder each. Adding a method of a new gateway is its folder
 * (providers, protocol, routes, return flows, one `defineGatewayFamily` object), its contract entry, and one
 * line here; buildApp takes another list in tests (`paymentFamilies`).
 */
export const PAYMENT_FAMILIES: readonly GatewayFamily[] = [
  freeFamily,
  gmoFamily,
  stripeFamily,
  softbankFamily,
  dpayFamily,
  counterFamily,
  onAccountFamily,
];

/**
 * The one loop that builds the registry: every family's providers under the method ids it declares. A
 * method declared twice, or a provider for a method its family does not declare, is a wiring mistake and
 * stops the start.
 */
export function createPaymentRegistry(
  families: readonly GatewayFamily[],
  context: GatewayFamilyContext,
): PaymentRegistry {
  const providers = new Map<string, PaymentProvider>();
  const kinds = new Map<string, PaymentKind>();
  for (const family of families) {
    for (const method of family.methods) {
      if (kinds.has(method.id)) throw new Error(`payment method ${method.id} is declared by two families`);
      kinds.set(method.id, method.kind);
    }
    const built = family.createProviders(context);
    for (const [method, provider] of Object.entries(built)) {
      if (!provider) continue;
      if (!family.methods.some((entry) => entry.id === method)) {
        throw new Error(`family ${family.name} built a provider for ${method}, which it does not declare`);
      }
      providers.set(method, provider);
    }
  }
  return {
    providerFor: (method) => providers.get(method),
    kindOf: (method) => kinds.get(method),
    publicFields: (method, site) => providers.get(method)?.publicFields(site) ?? {},
  };
}

/**
 * The one loop that registers the families' routes: each family's in a scope of its own at the server's
 * root (its body parsers and hooks stay its own), outside every site prefix and the API's XSRF check.
 */
export async function registerPaymentFamilies(
  app: FastifyInstance,
  families: readonly GatewayFamily[],
): Promise<void> {
  for (const family of families) {
    if (family.routes) await app.register(family.routes);
  }
}
