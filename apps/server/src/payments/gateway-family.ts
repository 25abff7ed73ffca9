import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PaymentMethodEntry, SiteSettings } from '@kippu/contract';
import type { Env } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { PaymentAttempt, PaymentProvider } from '../domain/payments/payment-provider.ts';

/** What a family builds its providers from: the product's database, the environment and the log. */
export interface GatewayFamilyContext {
  db: Db;
  env: Env;
  log: FastifyBaseLogger;
}

/**
 * One gateway family (ADR 059): everything of one gateway in one folder under apps/server/src/payments/,
 * declared as one object. The families' loop (families.ts) builds the payment registry from every family's
 * providers and registers every family's routes; nothing else in the server names a gateway.
 */
export interface GatewayFamily {
  /** The family's name: its folder, and the providers' `family`. */
  readonly name: string;
  /** The methods it serves, each as its contract entry (id and kind; PAYMENT_METHOD_KINDS for the spec's). */
  readonly methods: readonly PaymentMethodEntry[];
  /**
   * Its providers by method id, built once per app. A method left out is not served (its gateway is not
   * configured: checkout answers payment_api_failure for it). Simulated or real is the family's choice.
   */
  createProviders(context: GatewayFamilyContext): Partial<Record<string, PaymentProvider>>;
  /**
   * Its return and notification routes (and any call of its own), registered in a scope of their own at the
   * server's root: outside every site prefix and the API's XSRF check, as their callers are the gateway and
   * browsers coming back from it. Each verifies what it is told and settles through settleAttempt.
   */
  routes?(app: FastifyInstance): Promise<void>;
  /**
   * Methods of another family this family takes on the sites whose settings declare its processor (ADR 101:
   * the second and third card processors take the card methods `gmo`, `gmo_3ds`). Its providers for them
   * come from `createProviders` too; the registry routes each attempt: by its stored reference once it has
   * one (a later status, completion or refund goes where the money is), else by the site's settings.
   */
  readonly takesOver?: {
    readonly methods: readonly string[];
    declaredBy(payment: Partial<SiteSettings['payment']> | undefined): boolean;
    owns(attempt: PaymentAttempt): boolean;
  };
}

/** Declares a family (typed, nothing more): `export const gmoFamily = defineGatewayFamily({ … })`. */
export function defineGatewayFamily<F extends GatewayFamily>(family: F): F {
  return family;
}
