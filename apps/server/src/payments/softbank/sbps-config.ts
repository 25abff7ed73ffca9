import { ROUTES, staticPrefix } from '@kippu/contract';
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
  /** Null: the real gateway without merchant settings; every SoftBank payment is declined. */
  merchant: SbpsMerchant | null;
  /** Where the browser posts the purchase request. */
  purchaseUrl: string;
  /** The XML API (status, refund): an absolute URL, or the simulator's path when simulated. */
  apiUrl: string;
  /** Our public origin: the return and notification URLs are absolute (the gateway calls them). */
  origin: string;
  timeoutMs: number;
}

/** SOFTBANK_GATEWAY (default: the simulator while it is on) and the merchant settings (ADR 027). */
export function sbpsConfig(env: Env): SbpsConfig {
  const simulated = (env.SOFTBANK_GATEWAY ?? (simulatorEnabled(env) ? 'simulator' : 'real')) === 'simulator';
  const realMerchant =
    env.SOFTBANK_MERCHANT_ID && env.SOFTBANK_SERVICE_ID && env.SOFTBANK_HASH_KEY
      ? {
          merchantId: env.SOFTBANK_MERCHANT_ID,
          serviceId: env.SOFTBANK_SERVICE_ID,
          hashKey: env.SOFTBANK_HASH_KEY,
        }
      : null;
  return {
    simulated,
    merchant: simulated ? SIMULATOR_MERCHANT : realMerchant,
    purchaseUrl: simulated ? SOFTBANK_SIMULATOR_PATHS.purchase : env.SOFTBANK_PURCHASE_URL,
    apiUrl: simulated ? SOFTBANK_SIMULATOR_PATHS.api : env.SOFTBANK_API_URL,
    origin: publicOrigin(env),
    timeoutMs: env.GATEWAY_TIMEOUT_MS,
  };
}
