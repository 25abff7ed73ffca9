import { screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { ticketShareOptionsResponseSchema } from '@kippu/contract/endpoints/ticket-share';
import { spotStocksResponseSchema } from '@kippu/contract/endpoints/spot';
import type { ConfigurationResponse } from '@kippu/contract/site-settings';
import { paymentMethodsResponseSchema } from '@kippu/contract/endpoints/payment-methods';
import { temporaryOrder } from '../features/booking/checkout-page/test-doubles.ts';
import PaymentScreen from '../features/booking/screens/payment-screen.tsx';
import ChangeDateCompleteScreen from '../features/change-date/screens/change-date-complete-screen.tsx';
import SpotScreen from '../features/spot/screens/spot-screen.tsx';
import SpotTicketInquiryScreen from '../features/spot/screens/spot-ticket-inquiry-screen.tsx';
import TicketShareScreen from '../features/tickets/screens/ticket-share-screen.tsx';
import { fakeApi, ok } from '../test/fake-api.ts';
import { timeChange } from '../test/time-change-fixture.ts';
import { look } from './render-screen.tsx';

/**
 * The change-of-date, share and spot screens the registry looks at for the stored values they read back after
 * a reload (issue 32 items 12, 14–17). Each answers the page's snapshot over a fake API.
 */

/**
 * The change-of-date complete screen of reservation r1 (what the visit is now, what was paid); the server knows
 * its change t1 as done with an ¥800 top-up, for a screen that asks.
 */
export const changeDateComplete = (config: ConfigurationResponse) =>
  withApi(
    { 'GET timechanges/r1/t1': ok(timeChange({ status: 'done', price_difference: 800, top_up: 800 })) },
    () =>
      look(config, <ChangeDateCompleteScreen />, {
        path: '/tickets/changedate/complete/r1',
        route: '/tickets/changedate/complete/:reservationToken',
        ready: () => screen.getByRole('heading', { level: 1 }),
      }),
  );

export const SHARE_HOLDER = 'holder-token-1';

/** The share screen of a reservation whose holder made two links, share-token-1 and then share-token-9. */
export const share = (config: ConfigurationResponse) =>
  withApi(
    {
      [`GET tickets/share/${SHARE_HOLDER}`]: ok(
        ticketShareOptionsResponseSchema.parse({
          ticket_types: [{ option_value_id: 11, name: 'Adult', count: 3 }],
          ticket_count: 3,
          shares: [
            { share_token: 'share-token-1', ticket_count: 1 },
            { share_token: 'share-token-9', ticket_count: 1 },
          ],
        }),
      ),
    },
    () =>
      look(config, <TicketShareScreen />, {
        path: `/tickets/share/${SHARE_HOLDER}`,
        route: '/tickets/share/:reservationToken',
        ready: () => screen.getByRole('heading', { name: 'Links you created earlier' }),
      }),
  );

/** The phone's spot holds and tickets (`/spot/ticket-inquiry`). */
export const spotInquiry = (config: ConfigurationResponse) =>
  withApi({}, () =>
    look(config, <SpotTicketInquiryScreen />, {
      path: '/spot/ticket-inquiry',
      ready: () => screen.getByRole('heading', { level: 1 }),
    }),
  );

export const SPOT_QR = 'qr-token-1';
export const SPOT_PRODUCT = '22222222-2222-4222-8222-222222222222';

const spotProduct = {
  uuid: SPOT_PRODUCT,
  product_type: 'time' as const,
  name: 'Night garden',
  description: '',
  caution: '',
  image_url: null,
  sale_channels: ['web' as const, 'spot' as const],
  min_quantity: 1,
  max_quantity: 10,
  option_values: [
    { id: 1, name: 'Adult', price: 2000, display_position: 0 },
    { id: 2, name: 'Child', price: 800, display_position: 1 },
  ],
  display_position: 0,
};
const slot = (id: number, start: string, end: string) => ({
  id,
  start,
  end,
  capacity: 20,
  remaining: 12,
  status: 'available' as const,
});

/** The spot order screen of the poster's product with two slots (which slot is chosen, how many tickets). */
export const spotOrder = (config: ConfigurationResponse) =>
  withApi(
    {
      'GET spot/products/stocks': ok(
        spotStocksResponseSchema.parse({
          date: '2030-05-01',
          product: spotProduct,
          slots: [
            slot(71, '2030-05-01T18:00:00+09:00', '2030-05-01T18:30:00+09:00'),
            slot(72, '2030-05-01T18:30:00+09:00', '2030-05-01T19:00:00+09:00'),
          ],
          expires_at: '2030-08-01T00:00:00.000Z',
        }),
      ),
      'GET spot/setproducts/search': ok([]),
    },
    () =>
      look(config, <SpotScreen />, {
        path: `/spot?qr_token=${SPOT_QR}&product=${SPOT_PRODUCT}`,
        route: '/spot',
        ready: () => expect(screen.getAllByRole('radio').length).toBe(2),
      }),
  );

export const PAYMENT_ORDER = 'registry-payment-order';

/** The payment screen of a held order, on a site offering PayPay and a card (which method is chosen). */
export const payment = (config: ConfigurationResponse) =>
  withApi(
    {
      'GET paymentmethods': ok(
        paymentMethodsResponseSchema.parse([
          { payment_method_type: 'gmo_paypay', name: 'PayPay', display_position: 1 },
          {
            payment_method_type: 'gmo',
            name: 'Credit card',
            display_position: 2,
            token_script_url: '/simulator/gmo/ext/js/token-registry.js',
            shop_id: 'tshop_test_registry',
            test_mode: true,
          },
        ]),
      ),
      [`GET orders/${PAYMENT_ORDER}`]: ok(temporaryOrder({ price: 7600 })),
    },
    async () => {
      // The hold's countdown ticks with the clock: pinned (Date only), so only the stored value can differ.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-06-15T03:00:00Z'));
      try {
        return await look(config, <PaymentScreen />, {
          path: '/payment?ref=c',
          route: '/payment',
          ready: () => screen.getByText('Amount to pay'),
        });
      } finally {
        vi.useRealTimers();
      }
    },
  );

/** Runs a look with the API answering `routes`, and puts the real fetch back after it. */
export async function withApi(routes: Parameters<typeof fakeApi>[0], run: () => Promise<string>) {
  fakeApi(routes);
  try {
    return await run();
  } finally {
    vi.unstubAllGlobals();
  }
}
