/**
 * Where the gateway simulator answers, outside any site's prefix (features/gateway-sim). Same origin as the
 * SPA, so its token script passes the strict CSP ('self') with no exception.
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
