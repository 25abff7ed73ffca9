import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paymentMethodsResponseSchema } from '@kippu/contract/endpoints/payment-methods';
import type { LangCode } from '@kippu/contract/enums';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { localeTexts } from '../../../test/locale-texts.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { checkoutConfiguration, temporaryOrder } from '../checkout-page/test-doubles.ts';
import PaymentScreen from '../screens/payment-screen.tsx';

const TOKEN = 'order-token-summary';
const ROUTES: RouteObject[] = [{ path: '/payment', element: <PaymentScreen /> }];

/** Two adults and a child, an audio guide, a coupon: 3800 × 2 + 1900 + 500 - 1000 = 9000. */
const order = () =>
  temporaryOrder({
    price: 9000,
    main_product: {
      ...temporaryOrder().main_product,
      product_name: 'Night garden',
      order_options: [
        { id: 21, name: 'Adult', type: 'adult', add_cost: 3800, quantity: 2 },
        { id: 22, name: 'Child', type: 'child', add_cost: 1900, quantity: 1 },
      ],
    },
    set_products: [{ product_name: 'Audio guide', add_cost: 500, quantity: 1 }],
    coupons: [{ id: 5, coupon_code: 'WINTER', coupon_name: 'Winter 1000', coupon_discount: 1000 }],
  });

async function openPayment(lang: LangCode) {
  fakeApi({
    'GET paymentmethods': ok(
      paymentMethodsResponseSchema.parse([
        { payment_method_type: 'gmo_paypay', name: 'PayPay', display_position: 1 },
      ]),
    ),
    [`GET orders/${TOKEN}`]: ok(order()),
  });
  useCoreStore.setState({ orderToken: TOKEN, configuration: checkoutConfiguration() });
  await renderRoutes(ROUTES, '/payment', lang);
  const texts = localeTexts(lang);
  return screen.findByRole('region', { name: texts.payment_summary_title });
}

describe('the payment screen order summary (issue 32)', () => {
  it('says what is being paid for above the methods: product, when, tickets, add-on, coupon, amount', async () => {
    const summary = await openPayment('en');
    const text = summary.textContent!;
    expect(within(summary).getByText('Night garden')).toBeTruthy();
    // 2030-05-01 10:00–10:30 in Tokyo (the fixture's slot).
    expect(text).toMatch(/2030/);
    expect(text).toContain('10:00');
    const lines = within(summary)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'Adult × 2¥7,600',
      'Child × 1¥1,900',
      'Audio guide × 1¥500',
      'Coupon: Winter 1000-¥1,000',
    ]);
    expect(text).toContain('Amount to pay¥9,000');
    // Above the methods, in the page's order.
    const methods = screen.getByRole('group', { name: 'Payment method' });
    expect(summary.compareDocumentPosition(methods) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each(['ja', 'kr', 'zh-hans', 'zh-hant', 'th'] as const)('is titled and worded in %s', async (lang) => {
    const texts = localeTexts(lang);
    const summary = await openPayment(lang);
    expect(texts.payment_summary_title).not.toBe(localeTexts('en').payment_summary_title);
    expect(summary.textContent).toContain(texts.payment_amount);
    expect(summary.textContent).toContain(texts.confirm_discount_coupon!.replace('{name}', 'Winter 1000'));
  });
});
