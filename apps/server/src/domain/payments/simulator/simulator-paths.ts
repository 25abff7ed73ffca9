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
} as const;
