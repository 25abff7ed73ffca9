import { describe, expect, it } from 'vitest';
import type { PaymentMethodItem } from '@kippu/contract/endpoints/payment-methods';
import { paymentOptions } from './payment-options.ts';

const item = (
  payment_method_type: PaymentMethodItem['payment_method_type'],
  display_position: number,
  extra = {},
) => ({ payment_method_type, name: payment_method_type, display_position, ...extra }) as PaymentMethodItem;

describe('paymentOptions with gateway-page methods (SoftBank link type, ADR 027)', () => {
  const items = [
    item('softbank_paypay', 2, { test_mode: true }),
    item('softbank_3ds', 1, { test_mode: true }),
    item('gmo_3ds', 3, {
      token_script_url: '/simulator/gmo/ext/js/token.js',
      shop_id: 'tshop',
      test_mode: true,
    }),
  ];

  it('offers them, in display order, on a screen that can send the browser to the gateway', () => {
    expect(
      paymentOptions(items, 6000, { withRedirects: true }).map((option) => [option.kind, option.method]),
    ).toEqual([
      ['redirect', 'softbank_3ds'],
      ['redirect', 'softbank_paypay'],
      ['card', 'gmo_3ds'],
    ]);
  });

  it('leaves them out elsewhere (the change-date top-up takes cards only), and offers only free for 0', () => {
    expect(paymentOptions(items, 6000).map((option) => option.method)).toEqual(['gmo_3ds']);
    expect(paymentOptions(items, 0, { withRedirects: true })).toEqual([{ kind: 'free', method: 'free' }]);
  });
});
