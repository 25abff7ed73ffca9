import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaymentKind, SiteCode, SiteSettings } from '@kippu/contract';
import type { Db } from '../db/client.ts';
import {
  SHOP_NOT_CONFIGURED,
  type PaymentAttempt,
  type PaymentProvider,
} from '../domain/payments/payment-provider.ts';
import type { PaymentRegistry } from '../domain/payments/payment-registry.ts';
import { card2Family } from './card2/card2-family.ts';
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
  card2Family,
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
  const takeovers = new Map<string, Takeover[]>();
  for (const family of families) {
    for (const method of family.methods) {
      if (kinds.has(method.id)) throw new Error(`payment method ${method.id} is declared by two families`);
      kinds.set(method.id, method.kind);
    }
    const built = family.createProviders(context);
    for (const [method, provider] of Object.entries(built)) {
      if (!provider) continue;
      if (family.takesOver?.methods.includes(method)) {
        takeovers.set(method, [...(takeovers.get(method) ?? []), { family, provider }]);
        continue;
      }
      if (!family.methods.some((entry) => entry.id === method)) {
        throw new Error(`family ${family.name} built a provider for ${method}, which it does not declare`);
      }
      providers.set(method, provider);
    }
  }
  for (const [method, taking] of takeovers) {
    if (!kinds.has(method))
      throw new Error(`payment method ${method} is taken over but declared by no family`);
    providers.set(method, routedProvider(providers.get(method), taking, sitePayment(context.db)));
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

interface Takeover {
  family: GatewayFamily;
  provider: PaymentProvider;
}

type SitePayment = Partial<SiteSettings['payment']> | undefined;

/** A site's stored payment settings (read per attempt: staff may change them while the server runs). */
function sitePayment(db: Db) {
  return async (site: SiteCode): Promise<SitePayment> => {
    const { rows } = await db.execute<{ payment: SitePayment | null }>(
      sql`SELECT settings -> 'payment' AS payment FROM sites WHERE code = ${site}`,
    );
    return rows[0]?.payment ?? undefined;
  };
}

/**
 * A method some families take over on the sites that declare them (ADR 101), as one provider: an attempt
 * with a reference goes to the family that owns the reference (the money is where it was taken, whatever
 * the settings say now); one without, to the first family the site's settings declare, else to the
 * method's own (`base`; when that is not configured either, the attempt is declined as not configured).
 */
function routedProvider(
  base: PaymentProvider | undefined,
  taking: readonly Takeover[],
  paymentOf: (site: SiteCode) => Promise<SitePayment>,
): PaymentProvider {
  const declared = (payment: SitePayment) =>
    taking.find((entry) => entry.family.takesOver!.declaredBy(payment))?.provider;
  const pick = async (attempt: PaymentAttempt): Promise<PaymentProvider | undefined> => {
    const owner = taking.find((entry) => entry.family.takesOver!.owns(attempt));
    if (owner) return owner.provider;
    if (attempt.providerReference && base) return base;
    return declared(await paymentOf(attempt.siteCode)) ?? base;
  };
  const unconfigured = (attempt: PaymentAttempt) =>
    new Error(`no provider for ${attempt.method} on ${attempt.siteCode}`);
  return {
    family: base?.family ?? taking[0]!.provider.family,
    publicFields: (site) => (declared(site.payment) ?? base)?.publicFields(site) ?? {},
    async start(attempt, input) {
      const provider = await pick(attempt);
      if (!provider)
        return { kind: 'declined', providerReference: null, code: SHOP_NOT_CONFIGURED, events: [] };
      return provider.start(attempt, input);
    },
    async complete(attempt, callback) {
      const provider = await pick(attempt);
      if (!provider) throw unconfigured(attempt);
      return provider.complete(attempt, callback);
    },
    async status(attempt) {
      const provider = await pick(attempt);
      if (!provider) throw unconfigured(attempt);
      return provider.status(attempt);
    },
    async abandon(attempt) {
      const provider = await pick(attempt);
      if (!provider) throw unconfigured(attempt);
      return provider.abandon ? provider.abandon(attempt) : provider.status(attempt);
    },
    async refund(attempt, request) {
      const provider = await pick(attempt);
      if (!provider) throw unconfigured(attempt);
      return provider.refund(attempt, request);
    },
    ...(base?.contentSecurity ? { contentSecurity: base.contentSecurity } : {}),
    // The site's processor's origins; the base's static ones only where the site keeps the base.
    contentSecurityFor: (payment, environment) => {
      const taker = taking.find((entry) => entry.family.takesOver!.declaredBy(payment));
      return taker?.provider.contentSecurityFor?.(payment, environment) ?? {};
    },
  };
}
