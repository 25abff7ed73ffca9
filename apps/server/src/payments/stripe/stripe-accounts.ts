import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { SiteCode } from '@kippu/contract';
import { gatewayOf, type Env } from '../../config/env.ts';
import { secretKeyring, type SecretKeyring } from '../../config/secrets-key.ts';
import type { Db } from '../../db/client.ts';
import { publicOrigin } from '../../domain/links.ts';
import { readSiteSecret } from '../../domain/sites/site-secrets.ts';
import {
  createStripeSimulator,
  deliverStripeEvents,
  simulatorFetch,
  STRIPE_SIMULATOR_PATHS,
} from '../gateway-simulator.ts';
import type { GatewayFamilyContext } from '../gateway-family.ts';
import { stripeAccountIdentity } from './stripe-account-identity.ts';
import { stripeKeys } from './stripe-keys.ts';
import { STRIPE_PATHS } from './stripe-paths.ts';
import { stripeClient } from './stripe-provider.ts';

/**
 * Whose Stripe account pays for each site (ADR 125). A site that names its own publishable key in its
 * settings (`payment.cardProviderKeys.stripe`, other than the environment's) is its own account: its secret
 * key and webhook secret are its `site_secrets` (`stripe_secret_key`, `stripe_webhook_secret`). Every other
 * site uses the environment's account (STRIPE_*, or the simulator's keys). A site with its own publishable key but no
 * secret key has no account: pairing its key with the environment's secret would create PaymentIntents in
 * an account its payment screen's Stripe.js cannot confirm, and refund from the wrong one.
 *
 * Against the simulator every site keeps working: a site's own secret key is used when it is a test key
 * (the simulator, as Stripe's test mode, answers only those), else the simulator's.
 *
 * A payment stays with the account it was made in (ADR 127): `accountOf` names a client's account for the
 * attempt to store, and `clientOfAccount` finds, among the keys still configured for the site (its
 * `stripe_secret_key`, its `stripe_previous_secret_key`, the environment's), the one that opens that account,
 * or none: a payment is never sent to another account in its stead.
 */

/** An account's keys, as the environment gives them (stripe-keys.ts). */
export interface StripeAccountKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret?: string | undefined;
}

export interface StripeAccountDirectory {
  /** The SDK client of the account that pays for `site`; null when the site has none (its methods decline). */
  clientOf(site: SiteCode): Promise<Stripe | null>;
  /**
   * The webhook signing secret of the account that pays for `site` (null when that account has none), or
   * null when there is no such site.
   */
  webhookSecretOf(site: SiteCode): Promise<{ secret: string | null } | null>;
  /**
   * Every webhook signing secret a delivery for `site` may be signed with (ADR 127): its current account's
   * first, then the site's own ones its settings no longer point at (`stripe_webhook_secret` after a move to
   * the environment's account, `stripe_previous_webhook_secret` after a move to a new account of its own), so
   * events about payments still open in its previous account verify. Null when there is no such site.
   */
  webhookSecretsOf(site: SiteCode): Promise<string[] | null>;
  /** The account a client of this directory's opens (stripe-account-identity.ts); null: Stripe refuses its key. */
  accountOf(client: Stripe): Promise<string | null>;
  /**
   * The client of the configured key that opens `account` for `site`, or null when none does (the venue
   * removed that account's key). Throws GatewayUnavailableError when a key's account could not be asked and
   * no other key matched: unknown, not absent.
   */
  clientOfAccount(site: SiteCode, account: string): Promise<Stripe | null>;
}

interface SiteAccount {
  /** The site names its own publishable key (a `pk_…` one; the settings schema refuses secret keys). */
  own: boolean;
}

const TEST_SECRET_KEY = /^(sk|rk)_test_\w+$/;

export function stripeAccountDirectory(options: {
  db: Db;
  simulated: boolean;
  keyring: SecretKeyring;
  /** The environment's account (the simulator's keys when simulated); null when real and unset. */
  environment: StripeAccountKeys | null;
  /** Makes the SDK client for a secret key (called once per key). */
  client: (secretKey: string) => Stripe;
  log: FastifyBaseLogger;
}): StripeAccountDirectory {
  const { db, simulated, keyring, environment } = options;
  // One client per secret key, kept for the process: the SDK keeps its connections per client. The keys
  // live only in this map's keys, never in a log line.
  const clients = new Map<string, Stripe>();
  const keyOfClient = new Map<Stripe, string>();
  const clientFor = (secretKey: string) => {
    let client = clients.get(secretKey);
    if (!client) {
      client = options.client(secretKey);
      clients.set(secretKey, client);
      keyOfClient.set(client, secretKey);
    }
    return client;
  };
  // Each key's account, asked once per process (a key opens one account for its whole life); a failed
  // question is forgotten, so the next call asks again.
  const identities = new Map<string, Promise<string | null>>();
  const identityOf = (secretKey: string) => {
    let identity = identities.get(secretKey);
    if (!identity) {
      identity = stripeAccountIdentity(clientFor(secretKey), secretKey);
      identities.set(secretKey, identity);
      identity.catch(() => identities.delete(secretKey));
    }
    return identity;
  };
  // Sites already warned about (once per process: every checkout would repeat it).
  const warned = new Set<SiteCode>();

  async function siteAccount(site: SiteCode): Promise<SiteAccount | null> {
    const { rows } = await db.execute<{ publishable_key: string | null }>(sql`
      SELECT settings -> 'payment' -> 'cardProviderKeys' ->> 'stripe' AS publishable_key
      FROM sites WHERE code = ${site}`);
    if (rows.length === 0) return null;
    const key = rows[0]!.publishable_key;
    // The environment's own key named in a site's settings (what the README asked before ADR 125) is the
    // environment's account, not a second one.
    return { own: !!key && key.startsWith('pk_') && key !== environment?.publishableKey };
  }

  // A stored secret that cannot be opened (its key not configured, tampered, plaintext in production) is no
  // secret: the site's payments decline and its webhooks are refused as unsigned, never a 5xx; said once.
  const unreadable = new Set<string>();
  const secretOf = async (
    site: SiteCode,
    name:
      | 'stripe_secret_key'
      | 'stripe_webhook_secret'
      | 'stripe_previous_secret_key'
      | 'stripe_previous_webhook_secret',
  ) => {
    try {
      return await readSiteSecret(db, keyring, site, name);
    } catch (error) {
      // The database away is not an unreadable secret: that error goes on to the caller's own handling.
      if ((error as { code?: unknown } | null)?.code !== undefined) throw error;
      if (!unreadable.has(`${site}/${name}`)) {
        unreadable.add(`${site}/${name}`);
        options.log.warn(
          { site, secret: name, err: error },
          'Stripe: a site secret cannot be read; taken as unset',
        );
      }
      return null;
    }
  };

  /** The secret keys configured for a site's payments, the site's own first; simulated, test keys only. */
  async function keysOf(site: SiteCode): Promise<string[]> {
    const own = [
      await secretOf(site, 'stripe_secret_key'),
      await secretOf(site, 'stripe_previous_secret_key'),
    ].filter((key): key is string => !!key && (!simulated || TEST_SECRET_KEY.test(key)));
    return [...new Set([...own, ...(environment ? [environment.secretKey] : [])])];
  }

  const directory: StripeAccountDirectory = {
    async clientOf(site) {
      const account = await siteAccount(site);
      if (!account) return null;
      if (!account.own) return environment ? clientFor(environment.secretKey) : null;
      const secretKey = await secretOf(site, 'stripe_secret_key');
      if (simulated) {
        if (secretKey && TEST_SECRET_KEY.test(secretKey)) return clientFor(secretKey);
        return environment ? clientFor(environment.secretKey) : null;
      }
      if (!secretKey) {
        if (!warned.has(site)) {
          warned.add(site);
          options.log.warn(
            { site },
            'Stripe: the site has its own publishable key but no stripe_secret_key; its Stripe payments are declined',
          );
        }
        return null;
      }
      return clientFor(secretKey);
    },

    async webhookSecretOf(site) {
      const account = await siteAccount(site);
      if (!account) return null;
      const fallback = environment?.webhookSecret ?? null;
      if (!account.own) return { secret: fallback };
      const secret = await secretOf(site, 'stripe_webhook_secret');
      return { secret: secret ?? (simulated ? fallback : null) };
    },

    async webhookSecretsOf(site) {
      const current = await directory.webhookSecretOf(site);
      if (!current) return null;
      const secrets = [
        current.secret,
        await secretOf(site, 'stripe_webhook_secret'),
        await secretOf(site, 'stripe_previous_webhook_secret'),
      ].filter((secret): secret is string => !!secret);
      return [...new Set(secrets)];
    },

    async accountOf(client) {
      const secretKey = keyOfClient.get(client);
      if (secretKey === undefined) throw new Error('Stripe: a client this directory did not make');
      return identityOf(secretKey);
    },

    async clientOfAccount(site, account) {
      let unknown: unknown;
      for (const secretKey of await keysOf(site)) {
        try {
          if ((await identityOf(secretKey)) === account) return clientFor(secretKey);
        } catch (error) {
          unknown ??= error;
        }
      }
      if (unknown !== undefined) throw unknown;
      return null;
    },
  };
  return directory;
}

/**
 * The Stripe accounts of an app (ADR 125): the environment's and the sites' own, one SDK client per secret
 * key (the providers' directory; the webhook routes make their own for the secrets). Simulated: the SDK's fetch is answered in process by the simulator (whose webhooks, outside tests,
 * are delivered to our global endpoint); real: api.stripe.com.
 */
export function stripeAccountsOf({ db, env, log }: GatewayFamilyContext): StripeAccountDirectory {
  const simulated = gatewayOf(env, 'STRIPE_GATEWAY') === 'simulator';
  const environment = stripeKeys(env);
  // Made with the first client: the webhook routes read only the accounts' secrets.
  let fetch: typeof globalThis.fetch | undefined;
  return stripeAccountDirectory({
    db,
    simulated,
    keyring: secretKeyring(env),
    environment,
    client: (secretKey) => {
      if (simulated) fetch ??= simulatedFetch(db, env, environment?.webhookSecret, log);
      return stripeClient(secretKey, { timeoutMs: env.GATEWAY_TIMEOUT_MS, ...(fetch ? { fetch } : {}) });
    },
    log,
  });
}

/** The simulator in process, one for every account's client (it tells the accounts apart by their keys). */
function simulatedFetch(
  db: Db,
  env: Env,
  webhookSecret: string | undefined,
  log: GatewayFamilyContext['log'],
): typeof fetch {
  const origin = publicOrigin(env);
  return simulatorFetch(
    createStripeSimulator(db, {
      challengeBaseUrl: `${origin}${STRIPE_SIMULATOR_PATHS.challenge}`,
      ...(env.NODE_ENV !== 'test' && webhookSecret
        ? { onEvent: deliverStripeEvents(`${origin}${STRIPE_PATHS.webhook}`, webhookSecret, log) }
        : {}),
    }),
  );
}
