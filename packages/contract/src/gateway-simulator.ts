/**
 * What both sides know of the gateway simulator (apps/gateway-simulator, ADR 060), as a merchant knows a real
 * gateway's sandbox from its documentation: where it answers and the test credentials it accepts. The
 * product reads these while a gateway family is simulated, without loading the simulator itself.
 *
 * It answers outside any site's prefix, on the server's own origin, so its token script passes the strict
 * CSP ('self') with no exception.
 */
export const SIMULATOR_PREFIX = '/simulator';

export const GMO_SIMULATOR_PATHS = {
  /** Base of the server calls: `${base}/payment/EntryTran.idPass` and the others, as at the real gateway. */
  base: `${SIMULATOR_PREFIX}/gmo`,
  /** The token script the payment screen loads (the gateway's `token.js`). */
  tokenScript: `${SIMULATOR_PREFIX}/gmo/ext/js/token.js`,
  /** Where the token script posts the card (browser → simulator; never our API). */
  tokenApi: `${SIMULATOR_PREFIX}/gmo/token`,
  /** The 3-D Secure 2 challenge page (the card issuer's ACS): `${challenge}/{AccessID}`. */
  challenge: `${SIMULATOR_PREFIX}/gmo/tds2/challenge`,
  /** The wallet cashier (PayPay, Alipay): ExecTran<Wallet>'s StartURL, opened with AccessID and Token. */
  cashier: `${SIMULATOR_PREFIX}/gmo/wallet/start`,
} as const;

export const SOFTBANK_SIMULATOR_PATHS = {
  /** The link type's purchase page (the browser posts the signed purchase request here). */
  purchase: `${SIMULATOR_PREFIX}/sbps/f01/FepBuyInfoReceive.do`,
  /** The XML API (status query, refund). */
  api: `${SIMULATOR_PREFIX}/sbps/api/xmlapi.do`,
  /** The simulator's own pages after the purchase page: card or wallet entry, 3-D Secure challenge. */
  pay: `${SIMULATOR_PREFIX}/sbps/pay`,
  challenge: `${SIMULATOR_PREFIX}/sbps/challenge`,
  autoSubmitScript: `${SIMULATOR_PREFIX}/sbps/auto-submit.js`,
} as const;

export const STRIPE_SIMULATOR_PATHS = {
  /** The SDK's base path is fixed (/v1); over HTTP the simulator answers under this prefix too. */
  api: `${SIMULATOR_PREFIX}/stripe`,
  /** The Stripe.js-shaped script (real: https://js.stripe.com/v3). */
  script: `${SIMULATOR_PREFIX}/stripe/js/v3`,
  /** The issuer's 3-D Secure page a `requires_action` PaymentIntent redirects to. */
  challenge: `${SIMULATOR_PREFIX}/stripe/3ds`,
} as const;

/** The simulator's keys: any `sk_test_…` / `pk_test_…` works; these are the demo's defaults. */
export const STRIPE_SIMULATOR_KEYS = {
  secretKey: 'sk_test_kippu_simulator',
  publishableKey: 'pk_test_kippu_simulator',
  webhookSecret: 'whsec_kippu_simulator_0123456789abcdef',
} as const;

export const DPAY_SIMULATOR_PATHS = {
  authorize: `${SIMULATOR_PREFIX}/dpay/authorize`,
  payment: `${SIMULATOR_PREFIX}/dpay/payment`,
} as const;

/** The d払い merchant the simulated carrier knows (the authorisation URL is the simulator's own page). */
export const DPAY_SIMULATOR_MERCHANT = {
  clientId: 'kippu-simulator-client',
  clientSecret: 'kippu-simulator-secret',
  terminalId: 'T0000001',
  shopCode: 'S0000001',
} as const;

/**
 * The SoftBank merchant the simulated gateway knows: SBPS's published connection-test ids, a hash key of
 * our own. The product's side of it is SIMULATOR_MERCHANT in its SoftBank configuration (the same values,
 * as a real merchant's key is set on both sides).
 */
export const SBPS_SIMULATOR_MERCHANT = {
  merchantId: '30132',
  serviceId: '103',
  hashKey: 'kippu-sbps-simulator-hash-key-0001',
} as const;

/**
 * The second and third card processors (ADR 101): one token-then-charge protocol (the shape of Midtrans's
 * and SBPS's token APIs), answered under its own prefix for each. The sites' settings name the scripts and
 * the post URL per environment; in development they are these paths.
 */
export function cardProcessorSimulatorPaths(processor: 'card2' | 'card3') {
  const base = `${SIMULATOR_PREFIX}/${processor}`;
  return {
    base,
    /** The token script (`window.Card2.init({ merchantId, serviceId }).getToken(card, callback)`). */
    tokenScript: `${base}/token.js`,
    /** The 3-D Secure script (`window.Card2ThreeDs.collect(token, callback)`: the browser's device data). */
    threeDsScript: `${base}/3ds.js`,
    /** Where the token script posts the card, and the 3-D Secure script the device data (browser → processor). */
    tokens: `${base}/tokens`,
    threeDsMethod: `${base}/3ds/method`,
    /** The server's calls: charge (the post URL), then `${payment}/status`, `/capture`, `/refund`. */
    payment: `${base}/payment`,
    /** The issuer's 3-D Secure challenge page: `${challenge}/{transaction id}`. */
    challenge: `${base}/challenge`,
  } as const;
}

/** The fraud-screening script (settings payment.deviceFingerprintScriptUrl) and where it reports the device. */
export const FINGERPRINT_SIMULATOR_PATHS = {
  script: `${SIMULATOR_PREFIX}/fingerprint.js`,
  profile: `${SIMULATOR_PREFIX}/fingerprint/profile`,
} as const;
