import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutResponseSchema } from '@kippu/contract/endpoints/checkout';
import { temporaryOrderSchema } from '@kippu/contract/endpoints/orders';
import {
  paymentMethodsResponseSchema,
  type PaymentMethodItem,
} from '@kippu/contract/endpoints/payment-methods';
import { leaveForGateway } from '../../../shared/payments/leave-for-gateway.ts';
import type { StripeJs } from '../../../shared/payments/stripe-card.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { useSpotStore, useSpotTokensStore } from '../../../shared/stores/spot-store.ts';
import { fakeApi, ok, type SeenCall } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { configuration } from '../../../test/site-settings-fixture.ts';
import SpotPaymentScreen from '../screens/spot-payment-screen.tsx';

vi.mock('../../../shared/payments/leave-for-gateway.ts', () => ({ leaveForGateway: vi.fn() }));

const ORDER = 'spot-order-1';
// Stripe.js is loaded once per URL for the page's lifetime: each test has "its own".
let stripeUrl = '';
let count = 0;

beforeEach(() => {
  count += 1;
  stripeUrl = `/simulator/stripe/js/v3-${count}`;
  useSpotStore.setState({ orderToken: ORDER, qrToken: 'qr-1' });
  useCoreStore.setState({ configuration: configuration(), paymentNumber: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leaveForGateway).mockReset();
  delete window.Stripe;
});

/** BORDERLESS's spot channel (seed payment-methods.ts): Stripe with 3-D Secure first, then PayPay, free. */
const stripeFirst = (): PaymentMethodItem[] =>
  paymentMethodsResponseSchema.parse([
    {
      payment_method_type: 'stripe_secure',
      name: 'Credit card (3-D Secure)',
      display_position: 1,
      token_script_url: stripeUrl,
      shop_id: 'pk_test_spot',
      test_mode: true,
    },
    { payment_method_type: 'gmo_paypay', name: 'PayPay', display_position: 2, test_mode: true },
    { payment_method_type: 'free', name: 'No payment needed (free)', display_position: 3 },
  ]);

const spotOrder = (customerInfo = [{ key: 'email', value: 'visitor@example.com' }]) =>
  temporaryOrderSchema.parse({
    lang: 'en',
    price: 3000,
    customer_info: customerInfo,
    main_product: {
      product_name: 'Ruins garden day ticket',
      description: '',
      sale_type: 'date',
      quantity: 2,
      reservation_from: '2030-05-01T00:00:00.000Z',
      reservation_to: '2030-05-01T15:00:00.000Z',
      product_time_span_id: 7,
      naming_right: null,
      caution: '',
      order_options: [{ id: 3, name: 'Adult', type: 'adult', add_cost: 1500, quantity: 2 }],
    },
    set_products: [],
    coupons: [],
    membership_promotion: null,
    status: 'holding',
    expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
  });

/**
 * Stripe.js as the page sees it: a card Element that mounts (with a whole card typed into it, or only part of
 * one), and a PaymentMethod (or a card error).
 */
function fakeStripe(
  answer: 'pm' | 'card_error' = 'pm',
  typed: 'whole card' | 'part of a card' = 'whole card',
) {
  const seen: { key?: string; name?: string } = {};
  const changeHandlers: ((event: { complete?: boolean }) => void)[] = [];
  const stripe: StripeJs = {
    elements: () => ({
      create: () => ({
        mount: () => {
          // The visitor types into Stripe's own frame: the Element says whether the card is whole.
          setTimeout(() => changeHandlers.forEach((fn) => fn({ complete: typed === 'whole card' })));
        },
        destroy: vi.fn(),
        focus: vi.fn(),
        on: (event, handler) => {
          if (event === 'change') changeHandlers.push(handler);
        },
      }),
    }),
    createPaymentMethod: async (data) => {
      seen.name = data.billing_details?.name;
      return answer === 'pm'
        ? { paymentMethod: { id: 'pm_spot_1', card: { last4: '4242' } } }
        : { error: { type: 'card_error', code: 'card_declined' } };
    },
  };
  window.Stripe = (key) => {
    seen.key = key;
    return stripe;
  };
  return seen;
}

const ROUTES: RouteObject[] = [
  { path: '/spot/payment', element: <SpotPaymentScreen /> },
  { path: '/spot/email-sended/:reservationToken', element: <h1>Mail sent page</h1> },
  { path: '/spot', element: <h1>Spot order page</h1> },
  { path: '/spot/order-fields/:reservationToken', element: <h1>Order fields page</h1> },
];

const GTM = {
  reservation_number: 'AB12CD34EF',
  currency: 'JPY',
  total_price: 3000,
  total_quantity: 2,
  discount: 0,
  items: [{ sku: '7-Adult', name: 'Adult', price: 1500, quantity: 2 }],
};

async function openSpotPayment(checkout: (call: SeenCall) => unknown) {
  const api = fakeApi({
    'GET paymentmethods': ok(stripeFirst()),
    [`GET orders/${ORDER}`]: ok(spotOrder()),
    [`PUT spot/orders/${ORDER}`]: (call) =>
      ok({
        order_token: ORDER,
        status: 'ready_checkout',
        customer_info: (call.body as never)['customer_info'],
      }),
    [`POST orders/checkout/${ORDER}`]: (call) => ok(checkoutResponseSchema.parse(checkout(call))),
    'GET gtm/res-token-1': ok(GTM),
  });
  const rendered = await renderRoutes(ROUTES, '/spot/payment');
  const group = await screen.findByRole('group', { name: 'Payment method' });
  return { ...rendered, api, group };
}

/** Once Stripe's Element is mounted: the name on the card (the e-mail was given on the order fields), pay. */
async function payByStripe() {
  await waitFor(() => expect(document.querySelector('[data-state="ready"]')).not.toBeNull());
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Name on card' }), 'HANAKO YAMADA');
  await user.click(screen.getByRole('button', { name: 'Pay and get tickets' }));
}

const checkouts = (calls: SeenCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === `orders/checkout/${ORDER}`);

describe('spot payment with a Stripe-first method list (BORDERLESS spot)', () => {
  it('offers Stripe and PayPay from the spot channel, Stripe chosen with its card Element, never free', async () => {
    fakeStripe();
    const { api, group } = await openSpotPayment(() => ({ status: 'reserved' }));
    expect(api.calls.find((call) => call.path === 'paymentmethods')?.query.get('channel')).toBe('spot');
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')!.textContent)).toEqual([
      'Credit card (3-D Secure)',
      'PayPay',
    ]);
    expect(within(group).getByRole('radio', { name: 'Credit card (3-D Secure)' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.queryByText('This order is free of charge, so no payment is needed.')).toBeNull();
    // Stripe's card Element, not the token script's number field.
    expect(screen.getByRole('group', { name: 'Card number, expiry and security code' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Name on card' })).toBeTruthy();
  });

  it('pays with the Stripe PaymentMethod (not free) and shows the mail-sent screen', async () => {
    const seen = fakeStripe();
    const { api, router } = await openSpotPayment(() => ({
      status: 'reserved',
      reservation_token: 'res-token-1',
      reservation_number: 'AB12CD34EF',
    }));
    await payByStripe();

    expect(await screen.findByRole('heading', { name: 'Mail sent page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/spot/email-sended/res-token-1');
    expect(seen).toEqual({ key: 'pk_test_spot', name: 'HANAKO YAMADA' });
    expect(checkouts(api.calls).map((call) => call.body)).toEqual([
      {
        payment_method_type: 'stripe_secure',
        token: 'pm_spot_1',
        masked_card_number: '************4242',
      },
    ]);
    expect(useSpotTokensStore.getState().tickets[0]).toMatchObject({
      reservationToken: 'res-token-1',
      reservationNumber: 'AB12CD34EF',
      productName: 'Ruins garden day ticket',
      count: 2,
    });
    // Spot purchases push `complete` like web ones (issue 32 item 17), from GET /gtm of the reservation.
    await waitFor(() =>
      expect(window.dataLayer).toContainEqual(
        expect.objectContaining({ event: 'complete', reservation_number: 'AB12CD34EF', total_price: 3000 }),
      ),
    );
    // Paid: no longer one of this phone's holds.
    expect(useSpotTokensStore.getState().orderTokens.map((entry) => entry.token)).not.toContain(ORDER);
  });

  it('follows 3-D Secure to the gateway, keeping the payment number for the callback', async () => {
    fakeStripe();
    await openSpotPayment(() => ({
      status: 'redirect',
      redirect_url: '/simulator/stripe/3ds/pi_1',
      payment_number: 'P-SPOT-1',
    }));
    await payByStripe();

    await waitFor(() => expect(leaveForGateway).toHaveBeenCalledWith('/simulator/stripe/3ds/pi_1'));
    expect(useCoreStore.getState().paymentNumber).toBe('P-SPOT-1');
  });

  it('pays PayPay on its cashier: nothing to enter, checkout with the method only', async () => {
    fakeStripe();
    const { api, group } = await openSpotPayment(() => ({
      status: 'redirect',
      redirect_url: '/simulator/gmo/wallet/1',
      payment_number: 'P-SPOT-2',
    }));
    const user = userEvent.setup();
    await user.click(within(group).getByRole('radio', { name: 'PayPay' }));
    expect(screen.queryByRole('textbox', { name: 'Name on card' })).toBeNull();
    // No confirm screen in the spot flow: the cashier comes next.
    expect(screen.getByText(/^Next, you will pay on the payment service's own page/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay and get tickets' }));

    await waitFor(() => expect(leaveForGateway).toHaveBeenCalledWith('/simulator/gmo/wallet/1'));
    expect(checkouts(api.calls).map((call) => call.body)).toEqual([{ payment_method_type: 'gmo_paypay' }]);
  });

  it("asks for the rest of the card beside Stripe's Element when it is not whole, without calling Stripe", async () => {
    const seen = fakeStripe('pm', 'part of a card');
    const { api } = await openSpotPayment(() => ({ status: 'reserved' }));
    await payByStripe();

    const message = 'Enter the card number, expiry and security code in full.';
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(
      screen
        .getByRole('group', { name: 'Card number, expiry and security code' })
        .getAttribute('aria-describedby'),
    ).toContain('payment-stripe-card-error');
    expect(seen.name).toBeUndefined();
    expect(checkouts(api.calls)).toEqual([]);
    expect(useDialogStore.getState().dialogs).toEqual([]);
  });

  it('shows the card dialog when Stripe refuses the card, and checks nothing out', async () => {
    fakeStripe('card_error');
    const { api } = await openSpotPayment(() => ({ status: 'reserved' }));
    await payByStripe();

    await waitFor(() =>
      expect(useDialogStore.getState().dialogs[0]?.titleKey).toBe('payment_card_error_title'),
    );
    expect(checkouts(api.calls)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Pay and get tickets' })).toHaveProperty('disabled', false);
  });

  it("offers the core state's spotPaymentMethods (spec §3, issue 32 item 13), not a copy of the answer", async () => {
    fakeStripe();
    await openSpotPayment(() => ({ status: 'reserved' }));
    // The spot channel's answer is kept as the core state's spot methods...
    expect(useCoreStore.getState().spotPaymentMethods.map((m) => m.payment_method_type)).toEqual([
      'stripe_secure',
      'gmo_paypay',
      'free',
    ]);
    // ...and the screen offers what that state holds.
    act(() => useCoreStore.getState().set({ spotPaymentMethods: stripeFirst().slice(1) }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Payment method' }))
          .getAllByRole('radio')
          .map((radio) => radio.closest('label')!.textContent),
      ).toEqual(['PayPay']),
    );
  });

  it('sends an order without its e-mail address yet to its order fields (ADR 109)', async () => {
    fakeApi({
      'GET paymentmethods': ok(stripeFirst()),
      [`GET orders/${ORDER}`]: ok(spotOrder([])),
    });
    const { router } = await renderRoutes(ROUTES, '/spot/payment');
    expect(await screen.findByRole('heading', { name: 'Order fields page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/spot/order-fields/${ORDER}`);
  });
});
