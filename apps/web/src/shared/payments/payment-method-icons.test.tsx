import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '@kippu/contract/enums';
import { PaymentMethodIcon } from './payment-method-icons.tsx';

const iconOf = (method: (typeof PAYMENT_METHODS)[number]) =>
  render(<PaymentMethodIcon method={method} />)
    .container.querySelector('svg')!
    .getAttribute('data-icon');

describe('payment method icons (issue 32 item 28)', () => {
  it('wallet methods show the mobile-wallet icon, card methods the card', () => {
    for (const method of ['gmo_paypay', 'softbank_paypay', 'alipay', 'softbank_alipay', 'd_pay'] as const) {
      expect(iconOf(method), method).toBe('mobile-wallet');
    }
    for (const method of [
      'gmo',
      'gmo_3ds',
      'stripe',
      'stripe_secure',
      'softbank_credit',
      'softbank_3ds',
    ] as const) {
      expect(iconOf(method), method).toBe('card');
    }
  });

  it('every method has one of the two, decorative (hidden from screen readers: the label names the method)', () => {
    for (const method of PAYMENT_METHODS) {
      const svg = render(<PaymentMethodIcon method={method} />).container.querySelector('svg')!;
      expect(['card', 'mobile-wallet']).toContain(svg.getAttribute('data-icon'));
      expect(svg.getAttribute('aria-hidden')).toBe('true');
    }
  });
});
