import type { PaymentMethodItem } from '@kippu/contract/endpoints/payment-methods';
import { PAYMENT_METHOD_KINDS, type PaymentMethod } from '@kippu/contract/enums';

/**
 * How the payment screen takes a method: its kind as the contract declares it (PAYMENT_METHOD_KINDS, ADR 059),
 * so a new method of a known kind needs no change here.
 *  - `free`: nothing to enter (the order totals 0);
 *  - `card`: a card entered here and turned into a token by the gateway's script (GMO-PG);
 *  - `element`: the gateway's embedded card element on our page (Stripe.js and its card Element, ADR 028);
 *  - `redirect`: nothing entered here; after the confirm screen the browser goes to the gateway's own pages
 *    (SoftBank Payment Service's link type, ADR 027; GMO-PG's wallets, ADR 026) and comes back through a
 *    payment callback;
 *  - `carrier`: nothing entered here; the carrier's login follows the confirm screen (d払い).
 * The console's kinds (cash, card terminal) are staff-side and `account` is a partner's (issue 30): the web
 * never offers them.
 */
export type PaymentOption =
  | { kind: 'free'; method: 'free' }
  | { kind: 'redirect'; method: PaymentMethod; name: string; testMode: boolean }
  | { kind: 'carrier'; method: PaymentMethod; name: string; testMode: boolean }
  | {
      kind: 'card' | 'element';
      method: PaymentMethod;
      name: string;
      /** The gateway's script (GMO-PG's token script, Stripe.js) and what initialises it (shop id, publishable key). */
      scriptUrl: string;
      shopId: string;
      testMode: boolean;
      /** A card taken by the site's second or third processor (ADR 101): its token script's protocol. */
      processor?: 'card2' | 'card3';
      /** That processor's 3-D Secure script (3-D Secure methods). */
      threeDsScriptUrl?: string;
      /** The site's fraud-screening script, run before the card is tokenised (spec §3). */
      fingerprintScriptUrl?: string;
    };

/**
 * The options for an order of `total`: only `free` when it totals 0, else the site's usable methods in
 * order. `withRedirects`: a screen that can send the browser to a gateway's pages offers those methods too.
 * `kinds`: only the kinds of method the screen's flow can complete (every kind when absent).
 */
export function paymentOptions(
  items: PaymentMethodItem[],
  total: number,
  {
    withRedirects = false,
    kinds,
  }: { withRedirects?: boolean; kinds?: readonly Exclude<PaymentOption['kind'], 'free'>[] } = {},
): PaymentOption[] {
  if (total === 0) return [{ kind: 'free', method: 'free' }];
  return [...items]
    .sort((a, b) => a.display_position - b.display_position)
    .flatMap((item): PaymentOption[] => {
      const method = item.payment_method_type;
      const base = { method, name: item.name, testMode: item.test_mode ?? false };
      const kind = PAYMENT_METHOD_KINDS[method];
      switch (kind) {
        case 'carrier':
          return [{ kind, ...base }];
        case 'redirect':
          return withRedirects ? [{ kind, ...base }] : [];
        case 'card':
        case 'element':
          // Without its script or key the gateway's form cannot be drawn: not offered, rather than refused later.
          return item.token_script_url && item.shop_id
            ? [
                {
                  kind,
                  ...base,
                  scriptUrl: item.token_script_url,
                  shopId: item.shop_id,
                  ...(item.card_processor ? { processor: item.card_processor } : {}),
                  ...(item.three_ds_script_url ? { threeDsScriptUrl: item.three_ds_script_url } : {}),
                  ...(item.fingerprint_script_url
                    ? { fingerprintScriptUrl: item.fingerprint_script_url }
                    : {}),
                },
              ]
            : [];
        default:
          // `free` is offered only for a total of 0 (above); the console's cash and terminal, and a partner's
          // on-account payment, never on the web.
          return [];
      }
    })
    .filter((option) => !kinds || (option.kind !== 'free' && kinds.includes(option.kind)));
}

/**
 * What the confirm screen needs to check out (core store savedPayment). Never the card number or the
 * security code: only the gateway's one-time token and its masked number.
 */
export type SavedPayment = {
  method: PaymentMethod;
  token?: string;
  maskedCardNo?: string;
  /** The fraud-screening script's device session, sent with the token (ADR 101). */
  deviceSessionId?: string;
};
