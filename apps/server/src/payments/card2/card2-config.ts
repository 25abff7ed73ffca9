import { cardProcessorSimulatorPaths } from '@kippu/contract/gateway-simulator';
import type { ENVIRONMENTS, SiteSettings } from '@kippu/contract';

type Environment = (typeof ENVIRONMENTS)[number];

/**
 * A site's second or third card processor as our server uses it (ADR 101): the scripts the payment screen
 * loads, the merchant it is known by and the URL our server posts charges to, for the environment we run in.
 */
export interface CardProcessorSite {
  processor: 'card2' | 'card3';
  tokenScriptUrl: string;
  threeDsScriptUrl: string;
  merchantId: string;
  serviceId: string;
  /** The charge call; `${postUrl}/status`, `/capture` and `/refund` are the others. A path: the simulator. */
  postUrl: string;
}

/**
 * The third processor is configured by its public key and environment alone (the Midtrans-style client
 * key and `data-environment`): its hosts are the processor's published ones for that environment, the
 * built-in simulator's in development. The hosts are the demo's stand-ins (as card2.example is).
 */
const THIRD_PROCESSOR_BASE: Record<Environment, string> = {
  development: cardProcessorSimulatorPaths('card3').base,
  staging: 'https://sandbox.card3.example',
  production: 'https://card3.example',
};

type SitePayment = Pick<SiteSettings['payment'], 'secondaryCardProcessor' | 'thirdProcessor'>;

/**
 * The card processor a site's settings declare, or null (its card methods stay GMO-PG's). The second wins
 * where both are declared: the site chose it for its card methods by name, the third is a key alone.
 */
export function cardProcessorOf(
  payment: Partial<SitePayment> | undefined,
  environment: Environment,
): CardProcessorSite | null {
  const second = payment?.secondaryCardProcessor;
  if (second) {
    return {
      processor: 'card2',
      tokenScriptUrl: second.tokenScriptUrl[environment],
      threeDsScriptUrl: second.threeDsScriptUrl[environment],
      merchantId: second.merchantId,
      serviceId: second.serviceId,
      postUrl: second.postUrl[environment],
    };
  }
  const third = payment?.thirdProcessor;
  if (third) {
    const base = THIRD_PROCESSOR_BASE[third.environment];
    return {
      processor: 'card3',
      tokenScriptUrl: `${base}/token.js`,
      threeDsScriptUrl: `${base}/3ds.js`,
      merchantId: third.key,
      serviceId: '',
      postUrl: `${base}/payment`,
    };
  }
  return null;
}

/** The https origins a processor's scripts and calls need in the visitor's browser (the site's CSP). */
export function cardProcessorOrigins(site: CardProcessorSite): { scriptSrc: string[]; connectSrc: string[] } {
  const origins = [site.tokenScriptUrl, site.threeDsScriptUrl]
    .filter((url) => url.startsWith('https://'))
    .map((url) => new URL(url).origin);
  const unique = [...new Set(origins)];
  return { scriptSrc: unique, connectSrc: unique };
}
