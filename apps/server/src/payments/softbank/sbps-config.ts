import { sql } from 'drizzle-orm';
import { ROUTES, staticPrefix, type SiteCode } from '@kippu/contract';
import { secretKeyring, type SecretKeyring } from '../../config/secrets-key.ts';
import type { Db } from '../../db/client.ts';
import { readSiteSecret } from '../../domain/sites/site-secrets.ts';
import { simulatorEnabled, type Env } from '../../config/env.ts';
import { publicOrigin } from '../../domain/links.ts';
import { SOFTBANK_SIMULATOR_PATHS } from '@kippu/contract/gateway-simulator';

/** A merchant's SBPS identity: the ids it is known by and the key its messages are hashed with. */
export interface SbpsMerchant {
  merchantId: string;
  serviceId: string;
  hashKey: string;
}

/**
 * The simulator's merchant: SBPS's published connection-test ids, a hash key of our own. Known to both
 * sides (our server and the simulator playing the gateway), as a real merchant's key is.
 */
export const SIMULATOR_MERCHANT: SbpsMerchant = {
  merchantId: '30132',
  serviceId: '103',
  hashKey: 'kippu-sbps-simulator-hash-key-0001',
};

/** Our server's paths the gateway and the browser come back to (softbank-routes.ts; ADR 050). */
export const SBPS_RETURN_PATHS = {
  /** Our page that posts the signed purchase request to the gateway (the checkout's redirect_url). */
  purchase: staticPrefix(ROUTES.sbpsPurchase.path),
  /** The gateway's result notification (pagecon_url), server to server. */
  notification: ROUTES.sbpsNotification.path,
  /** The browser's return: `${return}/{paymentNumber}/{success|cancel|error}`. */
  return: staticPrefix(ROUTES.sbpsReturnGet.path),
  autoSubmitScript: ROUTES.sbpsAutoSubmitScript.path,
} as const;

export interface SbpsConfig {
  simulated: boolean;
  /**
   * The environment's merchant (SOFTBANK_MERCHANT_ID, …), the fallback of sites that name none; the
   * simulator's against the simulator. Null: the real gateway without merchant settings.
   */
  merchant: SbpsMerchant | null;
  /** Where the browser posts the purchase request. */
  purchaseUrl: string;
  /** The XML API (status, refund): an absolute URL, or the simulator's path when simulated. */
  apiUrl: string;
  /** Our public origin: the return and notification URLs are absolute (the gateway calls them). */
  origin: string;
  timeoutMs: number;
  /** A site's merchant (its settings' ids, else `merchant`); absent: `merchant` for every site. */
  merchantOf?: (site: SiteCode) => Promise<SbpsMerchant | null>;
}

/** The merchant an attempt of `site` is made, verified and refunded with. */
export function merchantFor(config: SbpsConfig, site: SiteCode): Promise<SbpsMerchant | null> {
  return config.merchantOf ? config.merchantOf(site) : Promise.resolve(config.merchant);
}

/** SOFTBANK_GATEWAY (default: the simulator while it is on) and the merchant settings (ADR 027). */
export function sbpsConfig(env: Env, db?: Db): SbpsConfig {
  const simulated = (env.SOFTBANK_GATEWAY ?? (simulatorEnabled(env) ? 'simulator' : 'real')) === 'simulator';
  const realMerchant =
    env.SOFTBANK_MERCHANT_ID && env.SOFTBANK_SERVICE_ID && env.SOFTBANK_HASH_KEY
      ? {
          merchantId: env.SOFTBANK_MERCHANT_ID,
          serviceId: env.SOFTBANK_SERVICE_ID,
          hashKey: env.SOFTBANK_HASH_KEY,
        }
      : null;
  const config: SbpsConfig = {
    simulated,
    merchant: simulated ? SIMULATOR_MERCHANT : realMerchant,
    purchaseUrl: simulated ? SOFTBANK_SIMULATOR_PATHS.purchase : env.SOFTBANK_PURCHASE_URL,
    apiUrl: simulated ? SOFTBANK_SIMULATOR_PATHS.api : env.SOFTBANK_API_URL,
    origin: publicOrigin(env),
    timeoutMs: env.GATEWAY_TIMEOUT_MS,
  };
  // The sites' own merchants are read where the database is at hand (the family, its routes).
  if (db && !simulated) {
    config.merchantOf = sbpsMerchantDirectory(config, settingsSbpsMerchant(db, secretKeyring(env)));
  }
  return config;
}

/**
 * A site's SBPS merchant (issue 32 item 5, ADR 101): the ids its settings name (`payment.merchantIds.softbank`
 * and `.softbank_service`, public) with its hash key from `site_secrets` (`softbank_hash_key`, never served);
 * the environment's merchant when the site names none or lacks the key (the rule before). Against the
 * simulator always the simulator's merchant: SBPS's connection-test environment knows only its published
 * test ids, as the real one does.
 */
export function sbpsMerchantDirectory(
  config: SbpsConfig,
  siteMerchant: (site: SiteCode) => Promise<SbpsMerchant | null>,
): (site: SiteCode) => Promise<SbpsMerchant | null> {
  return async (site) =>
    config.simulated ? config.merchant : ((await siteMerchant(site)) ?? config.merchant);
}

/** The site's own SBPS merchant from its settings and secrets, or null (db reads; real gateway only). */
export function settingsSbpsMerchant(db: Db, keys: SecretKeyring) {
  return async (site: SiteCode): Promise<SbpsMerchant | null> => {
    const { rows } = await db.execute<{ merchant_id: string | null; service_id: string | null }>(sql`
      SELECT settings -> 'payment' -> 'merchantIds' ->> 'softbank' AS merchant_id,
             settings -> 'payment' -> 'merchantIds' ->> 'softbank_service' AS service_id
      FROM sites WHERE code = ${site}`);
    const { merchant_id: merchantId, service_id: serviceId } = rows[0] ?? {};
    if (!merchantId || !serviceId) return null;
    const hashKey = await readSiteSecret(db, keys, site, 'softbank_hash_key');
    return hashKey ? { merchantId, serviceId, hashKey } : null;
  };
}
