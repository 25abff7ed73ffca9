import type { PaymentMethodItem } from '@kippu/contract/endpoints/payment-methods';
import type { PaymentMethod } from '@kippu/contract/enums';

/**
 * How the payment screen takes a method:
 *  - `free`: nothing to enter (the order totals 0);
 *  - `card`: a card entered here and turned into a token by the gateway's script.
 * A method the screen cannot take yet (a wallet redirect, carrier billing: the payments issue adds them)
 * is not offered, rather than offered and refused at checkout.
 */
export type PaymentOption =
  | { kind: 'free'; method: 'free' }
  | {
      kind: 'card';
      method: PaymentMethod;
      name: string;
      scriptUrl: string;
      shopId: string;
      testMode: boolean;
    };

/** The options for an order of `total`: only `free` when it totals 0, else the site's usable methods in order. */
export function paymentOptions(items: PaymentMethodItem[], total: number): PaymentOption[] {
  if (total === 0) return [{ kind: 'free', method: 'free' }];
  return [...items]
    .sort((a, b) => a.display_position - b.display_position)
    .flatMap((item): PaymentOption[] =>
      item.payment_method_type !== 'free' && item.token_script_url && item.shop_id
        ? [
            {
              kind: 'card',
              method: item.payment_method_type,
              name: item.name,
              scriptUrl: item.token_script_url,
              shopId: item.shop_id,
              testMode: item.test_mode ?? false,
            },
          ]
        : [],
    );
}

/**
 * What the confirm screen needs to check out (core store savedPayment). Never the card number or the
 * security code: only the gateway's one-time token and its masked number.
 */
export type SavedPayment = { method: PaymentMethod; token?: string; maskedCardNo?: string };
