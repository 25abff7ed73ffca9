import type { PaymentMethodItem } from '@kippu/contract/endpoints/payment-methods';
import type { PaymentMethod } from '@kippu/contract/enums';

/**
 * How the payment screen takes a method:
 *  - `free`: nothing to enter (the order totals 0);
 *  - `card`: a card entered here and turned into a token by the gateway's script;
 *  - `redirect`: nothing entered here; after the confirm screen the browser goes to the gateway's own pages
 *    (SoftBank Payment Service's link type: card with or without 3-D Secure, PayPay, Alipay; ADR 027) and
 *    comes back through a payment callback.
 * A method the screen cannot take yet (a wallet redirect, carrier billing: the payments issue adds them)
 * is not offered, rather than offered and refused at checkout.
 */
export type PaymentOption =
  | { kind: 'free'; method: 'free' }
  | { kind: 'redirect'; method: PaymentMethod; name: string; testMode: boolean }
  /** Carrier billing (d_pay): nothing to enter here; the carrier's login follows the confirm screen. */
  | { kind: 'carrier'; method: PaymentMethod; name: string; testMode: boolean }
  | {
      /** `card`: GMO-PG's token script; `stripe`: Stripe.js and its card Element (ADR 028). */
      kind: 'card' | 'stripe';
      method: PaymentMethod;
      name: string;
      scriptUrl: string;
      shopId: string;
      testMode: boolean;
    };

/** Methods paid on the gateway's own pages (link type): nothing to enter on ours. */
const REDIRECT_METHODS = new Set<PaymentMethod>([
  'softbank_credit',
  'softbank_3ds',
  'softbank_alipay',
  'softbank_paypay',
  // GMO-PG wallets: the wallet's cashier (approve, decline, cancel), back through a return route (ADR 026).
  'gmo_paypay',
  'alipay',
]);

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
      if (CARRIER_METHODS.has(item.payment_method_type)) {
        return [
          {
            kind: 'carrier',
            method: item.payment_method_type,
            name: item.name,
            testMode: item.test_mode ?? false,
          },
        ];
      }
      if (withRedirects && REDIRECT_METHODS.has(item.payment_method_type)) {
        return [
          {
            kind: 'redirect',
            method: item.payment_method_type,
            name: item.name,
            testMode: item.test_mode ?? false,
          },
        ];
      }
      return item.payment_method_type !== 'free' && item.token_script_url && item.shop_id
        ? [
            {
              kind: STRIPE_METHODS.has(item.payment_method_type) ? 'stripe' : 'card',
              method: item.payment_method_type,
              name: item.name,
              scriptUrl: item.token_script_url,
              shopId: item.shop_id,
              testMode: item.test_mode ?? false,
            },
          ]
        : [];
    })
    .filter((option) => !kinds || (option.kind !== 'free' && kinds.includes(option.kind)));
}

const STRIPE_METHODS = new Set<PaymentMethod>(['stripe', 'stripe_secure']);
const CARRIER_METHODS = new Set<PaymentMethod>(['d_pay']);

/**
 * What the confirm screen needs to check out (core store savedPayment). Never the card number or the
 * security code: only the gateway's one-time token and its masked number.
 */
export type SavedPayment = { method: PaymentMethod; token?: string; maskedCardNo?: string };
