import { describe, expect, it } from 'vitest';
import { paymentMethodsResponseSchema } from '@kippu/contract/endpoints/payment-methods';
import { PAYMENT_METHOD_KINDS, PAYMENT_METHODS } from '@kippu/contract/enums';
import { paymentOptions } from './payment-options.ts';

// Test doubles parsed by the contract, so they cannot drift from it.
const items = paymentMethodsResponseSchema.parse([
  { payment_method_type: 'd_pay', name: 'キャリア決済', display_position: 3, test_mode: true },
  {
    payment_method_type: 'stripe_secure',
    name: 'Card (3-D Secure)',
    display_position: 1,
    token_script_url: '/simulator/stripe/js/v3',
    shop_id: 'pk_test_kippu_simulator',
    test_mode: true,
  },
  {
    payment_method_type: 'gmo_3ds',
    name: 'Card',
    display_position: 2,
    token_script_url: '/simulator/gmo/ext/js/token.js',
    shop_id: 'tshop_test',
    test_mode: true,
  },
  { payment_method_type: 'free', name: 'Free', display_position: 4 },
]);

describe('payment options (ADR 028)', () => {
  it('offers Stripe through Stripe.js, GMO through its token script and d払い as carrier billing, in order', () => {
    expect(paymentOptions(items, 3000)).toEqual([
      {
        kind: 'element',
        method: 'stripe_secure',
        name: 'Card (3-D Secure)',
        scriptUrl: '/simulator/stripe/js/v3',
        shopId: 'pk_test_kippu_simulator',
        testMode: true,
      },
      expect.objectContaining({ kind: 'card', method: 'gmo_3ds' }),
      { kind: 'carrier', method: 'd_pay', name: 'キャリア決済', testMode: true },
    ]);
  });

  it('a Stripe method without its publishable key is not offered', () => {
    const withoutKey = items.map((item) =>
      item.payment_method_type === 'stripe_secure' ? { ...item, shop_id: undefined } : item,
    );
    expect(paymentOptions(withoutKey, 3000).map((option) => option.method)).toEqual(['gmo_3ds', 'd_pay']);
  });

  it('takes each method as the kind the contract declares for it (ADR 059), no list of its own', () => {
    // Every method, with a script and a key as a card form would need: the kind alone decides.
    const every = paymentMethodsResponseSchema.parse(
      PAYMENT_METHODS.map((method, index) => ({
        payment_method_type: method,
        name: method,
        display_position: index,
        token_script_url: '/script.js',
        shop_id: 'shop',
      })),
    );
    const offered = paymentOptions(every, 3000, { withRedirects: true });
    expect(Object.fromEntries(offered.map((option) => [option.method, option.kind]))).toEqual(
      Object.fromEntries(
        Object.entries(PAYMENT_METHOD_KINDS)
          // free only for a total of 0; the counter's cash and terminal (issue 29) and a partner's
          // on-account payment (issue 30) never on the web
          .filter(([, kind]) => !['free', 'cash', 'terminal', 'account'].includes(kind))
          .map(([method, kind]) => [method, kind]),
      ),
    );
  });
});
