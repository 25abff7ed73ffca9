import type { TemporaryOrder } from '@kippu/contract/endpoints/orders';
import type { OrderCoupon } from '@kippu/contract/endpoints/order-coupons';
import { temporaryOrder } from '../checkout-page/test-doubles.ts';

/**
 * The order as the confirm step sees it (parsed by the contract through the checkout test doubles):
 * ready to check out, two adults and a child at 10:00–10:30 on Tuesday 1 December 2026 (Tokyo), an
 * add-on, and the details entered on the sign-in step.
 */
export function orderToConfirm(overrides: Partial<TemporaryOrder> = {}): TemporaryOrder {
  return temporaryOrder({
    price: 9600,
    // In the server's (template) order, which is not the order a person reads them in.
    customer_info: [
      { key: 'email', value: 'hanako@example.test' },
      { key: 'fullname', value: 'Hanako Yamada' },
      { key: 'gender', value: 'woman' },
      { key: 'mail_magazine', value: 'true' },
    ],
    main_product: {
      product_name: 'Timed entry ticket',
      description: 'Enter in your chosen half-hour slot.',
      sale_type: 'time',
      quantity: 3,
      reservation_from: '2026-12-01T01:00:00.000Z',
      reservation_to: '2026-12-01T01:30:00.000Z',
      product_time_span_id: 812,
      naming_right: null,
      caution: 'Re-entry is not allowed.',
      order_options: [
        { id: 21, name: 'Adult', type: 'ticket', add_cost: 3800, quantity: 2 },
        { id: 22, name: 'Child', type: 'ticket', add_cost: 1500, quantity: 1 },
      ],
    },
    set_products: [{ product_name: 'Audio guide', add_cost: 500, quantity: 1 }],
    status: 'ready_checkout',
    ...overrides,
  });
}

export const COUPON: OrderCoupon = {
  id: 7,
  coupon_code: 'WINTER500',
  coupon_name: 'Winter 500',
  coupon_discount: 500,
};
