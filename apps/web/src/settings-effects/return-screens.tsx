import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, vi } from 'vitest';
import { gtmResponseSchema } from '@kippu/contract/endpoints/gtm';
import { paymentMethodsResponseSchema } from '@kippu/contract/endpoints/payment-methods';
import { timeChangeOptionsResponseSchema } from '@kippu/contract/endpoints/time-change';
import { rememberedLanguageCookie } from '@kippu/contract/remembered-language';
import type { ConfigurationResponse } from '@kippu/contract/site-settings';
import { bootstrap } from '../app/bootstrap.ts';
import { createQueryClient, Providers } from '../app/providers.tsx';
import { SiteFooter } from '../app/layout/site-footer.tsx';
import { temporaryOrder } from '../features/booking/checkout-page/test-doubles.ts';
import PaymentCallbackScreen from '../features/booking/payment-callbacks/payment-callback-screen.tsx';
import DPayConfirmScreen from '../features/booking/screens/d-pay-confirm-screen.tsx';
import ChangeDatePaymentConfirmScreen from '../features/change-date/screens/change-date-payment-confirm-screen.tsx';
import ChangeDateScreen from '../features/change-date/screens/change-date-screen.tsx';
import SpotPaymentScreen from '../features/spot/screens/spot-payment-screen.tsx';
import type { DataLayerEntry } from '../shared/analytics/data-layer.ts';
import { noteLanguageStored } from '../shared/i18n/language-stored-at-start.ts';
import { currentSite } from '../shared/site/detect-site.ts';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { fakeApi, ok } from '../test/fake-api.ts';
import { localeTexts } from '../test/locale-texts.ts';
import { timeChange } from '../test/time-change-fixture.ts';
import { withApi } from './more-screens.tsx';
import { look, settle, snapshot } from './render-screen.tsx';

/**
 * The screens a page load lands on with a stored value to read back: the start-up's language, the gateway's
 * return (the payment callback and its `complete` event), d払い's return, the change-of-date screens and the
 * spot payment screen. Each answers the page's snapshot over a fake API.
 */

/**
 * A page load as the app starts (app/bootstrap.ts, without the server's boot data): the language it picks
 * from the stores, its texts from the API, and the footer drawn with the instance it made.
 */
export async function startPage(config: ConfigurationResponse): Promise<string> {
  fakeApi({
    'GET texts': (call) => {
      const lang = call.query.get('lang') as Parameters<typeof localeTexts>[0];
      return ok(Object.entries(localeTexts(lang)).map(([key, text]) => ({ key, text })));
    },
  });
  try {
    useCoreStore.setState({ configuration: config });
    const { i18n } = await bootstrap();
    const router = createMemoryRouter([{ path: '/', element: <SiteFooter /> }], { initialEntries: ['/'] });
    await act(async () => {
      render(
        <Providers i18n={i18n} queryClient={createQueryClient()}>
          <RouterProvider router={router} />
        </Providers>,
      );
    });
    await settle();
    return `lang=${document.documentElement.lang}\n${snapshot()}`;
  } finally {
    vi.unstubAllGlobals();
    // What start-up leaves beside the stores (the language cookie, the first-visit note) must not reach the
    // next look: the next start-up would read them.
    document.cookie = `${rememberedLanguageCookie(currentSite())}=; path=/; max-age=0`;
    noteLanguageStored(true);
  }
}

const RESERVATION = 'registry-return-reservation';
export const RETURN_ORDER = 'registry-return-order';
export const SPOT_RETURN_ORDER = 'registry-spot-return-order';

/** What the server reports of the reservation (GET /gtm): the order's time span 41, its tickets and an add-on. */
const GTM = gtmResponseSchema.parse({
  reservation_number: 'RET00001',
  currency: 'JPY',
  total_price: 8100,
  total_quantity: 3,
  discount: 0,
  items: [
    { sku: '41-Adult', name: 'Adult', price: 3800, quantity: 2 },
    { sku: '41-Audio guide', name: 'Audio guide', price: 500, quantity: 1 },
  ],
});

/** The conversion data of the hold of temporaryOrder() (time span 41), as the order page stored it. */
export const HELD_CONVERSION = {
  timeSpanId: 41,
  options: [{ name: 'Adult', price: 3800, count: 2, productTimespanID: 41 }],
};

const landing = (name: string) => ({ path: name, element: <h1>Landed on {name}</h1> });

/**
 * Back from a wallet's page (`/payment-callback/paypay/success`, `query` the server's return put on it): the
 * payment `P-1` was reserved in the `flow` given, the order the stores name is asked for, and the callback
 * goes on to the flow's finishing screen. Answers where it landed.
 */
export const paymentReturn = (
  config: ConfigurationResponse,
  flow: 'booking' | 'spot',
  query = '',
): Promise<string> =>
  withApi(
    {
      'GET payment-results/P-1': ok({
        status: 'reserved',
        reservation_token: RESERVATION,
        reservation_number: 'RET00001',
        flow,
      }),
      [`GET orders/${RETURN_ORDER}`]: ok(temporaryOrder()),
      [`GET orders/${SPOT_RETURN_ORDER}`]: ok(temporaryOrder()),
      [`GET gtm/${RESERVATION}`]: ok(GTM),
    },
    () =>
      look(config, <PaymentCallbackScreen />, {
        path: `/payment-callback/paypay/success${query}`,
        route: '/payment-callback/:paymentType/:status',
        extra: [
          landing('/complete'),
          landing('/payment-error'),
          landing('/spot/email-sended/:reservationToken'),
        ],
        ready: () => screen.getByRole('heading', { name: /^Landed on/ }),
      }),
  );

/**
 * The `complete` event the tag manager receives when a purchase comes back from a wallet's page (its number on
 * the return's URL) and is reserved: what the analytics see, as the registry compares it.
 */
export async function completeEvent(
  config: ConfigurationResponse,
  flow: 'booking' | 'spot',
): Promise<string> {
  delete window.dataLayer;
  try {
    await paymentReturn(config, flow, '?payment_number=P-1');
    const { waitFor } = await import('@testing-library/react');
    const completes = () =>
      (window.dataLayer ?? []).filter((entry) => (entry as DataLayerEntry).event === 'complete');
    await waitFor(() => expect(completes()).toHaveLength(1));
    return JSON.stringify(completes());
  } finally {
    delete window.dataLayer;
  }
}

/** Back from d払い's login (`/d-pay-confirm?state=state-1`) for the booking's order RETURN_ORDER (¥7,600). */
export const dPayReturn = (config: ConfigurationResponse) =>
  withApi({ [`GET orders/${RETURN_ORDER}`]: ok(temporaryOrder()) }, () =>
    look(config, <DPayConfirmScreen />, {
      path: '/d-pay-confirm?state=state-1',
      route: '/d-pay-confirm',
      extra: [landing('/order')],
      ready: () => expect(screen.getAllByRole('heading', { level: 1 }).length).toBeGreaterThan(0),
    }).then(async () => {
      // The amount comes with the order: a kept state shows it, a foreign one says so at once.
      await settle(100);
      return snapshot();
    }),
  );

/**
 * The change-of-date screen of reservation r1; the server answers the slots of the date asked for, or of
 * 2030-06-01 when none is.
 */
export const changeDate = (config: ConfigurationResponse) =>
  withApi(
    {
      'GET timechanges/r1': (call) => {
        const date = call.query.get('date') ?? '2030-06-01';
        return ok(
          timeChangeOptionsResponseSchema.parse({
            current: {
              ...timeChange().from,
              quantity: 2,
              shared_quantity: 0,
              price: 5600,
            },
            changeable: true,
            change_until: '2030-05-31T15:00:00.000Z',
            pending_timechange_token: null,
            date,
            slots: [
              {
                product_name: 'Day entry',
                product_type: 'time',
                time_span_id: 9,
                starts_at: `${date}T01:00:00.000Z`,
                ends_at: `${date}T01:30:00.000Z`,
                remaining: 10,
                price: 5600,
                price_difference: 0,
              },
            ],
          }),
        );
      },
    },
    () =>
      look(config, <ChangeDateScreen />, {
        path: '/tickets/changedate/r1',
        route: '/tickets/changedate/:reservationToken',
        ready: () => screen.getByRole('radio'),
      }),
  );

/** The change t1's payment-confirm screen (a ¥800 top-up): what pays for it, or back to choosing how. */
export const changeDatePaymentConfirm = (config: ConfigurationResponse) =>
  withApi(
    { 'GET timechanges/r1/t1': ok(timeChange({ price_difference: 800, top_up: 800, new_price: 6400 })) },
    () =>
      look(config, <ChangeDatePaymentConfirmScreen />, {
        path: '/tickets/changedate/payment/confirm/r1/timechange/t1',
        route: '/tickets/changedate/payment/confirm/:reservationToken/timechange/:timechangeToken',
        extra: [landing('/tickets/changedate/payment/:reservationToken/timechange/:timechangeToken')],
        ready: () => screen.getByRole('heading', { level: 1 }),
      }),
  );

/**
 * The spot payment screen of the spot order SPOT_RETURN_ORDER while its own GET /paymentmethods?channel=spot
 * has not answered yet: it offers what the core state's spotPaymentMethods hold.
 */
export const spotPaymentMethods = (config: ConfigurationResponse) =>
  withApi(
    {
      [`GET orders/${SPOT_RETURN_ORDER}`]: ok(
        temporaryOrder({ customer_info: [{ key: 'email', value: 'visitor@example.test' }] }),
      ),
      // An answer that never arrives: only the state can fill the list.
      'GET paymentmethods': () => new Promise(() => undefined),
    },
    () =>
      look(config, <SpotPaymentScreen />, {
        path: '/spot/payment',
        ready: () => {
          screen.getByRole('heading', { level: 1 });
          // Offered methods come with the order's summary: wait for them when the state holds some.
          if (useCoreStore.getState().spotPaymentMethods.length > 0)
            expect(screen.getAllByText(/PayPay/).length).toBeGreaterThan(0);
        },
      }),
  );

/** The spot channel's PayPay, as GET /paymentmethods?channel=spot answered it earlier in the visit. */
export const SPOT_METHODS = paymentMethodsResponseSchema.parse([
  { payment_method_type: 'gmo_paypay', name: 'PayPay', display_position: 1, test_mode: true },
]);
