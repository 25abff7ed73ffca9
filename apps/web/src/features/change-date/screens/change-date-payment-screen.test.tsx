import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentMethodsResponseSchema } from '@kippu/contract/endpoints/payment-methods';
import { useTicketStore } from '../../../shared/stores/ticket-store.ts';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { timeChange } from '../../../test/time-change-fixture.ts';
import ChangeDatePaymentConfirmScreen from './change-date-payment-confirm-screen.tsx';
import ChangeDatePaymentScreen from './change-date-payment-screen.tsx';

/** OKINAWA's web methods (seed): Stripe with 3-D Secure, Alipay and PayPay; no GMO card at all. */
const OKINAWA_METHODS = paymentMethodsResponseSchema.parse([
  {
    payment_method_type: 'stripe_secure',
    name: 'Credit card (Stripe)',
    display_position: 1,
    token_script_url: '/simulator/stripe/v3/stripe.js',
    shop_id: 'pk_test_simulator',
    test_mode: true,
  },
  { payment_method_type: 'alipay', name: 'Alipay', display_position: 2 },
  { payment_method_type: 'gmo_paypay', name: 'PayPay', display_position: 3 },
]);

const renderPayment = () =>
  renderRoutes(
    [
      {
        path: '/tickets/changedate/payment/:reservationToken/timechange/:timechangeToken',
        element: <ChangeDatePaymentScreen />,
      },
      {
        path: '/tickets/changedate/payment/confirm/:reservationToken/timechange/:timechangeToken',
        element: <ChangeDatePaymentConfirmScreen />,
      },
      { path: '/tickets/changedate/:reservationToken', element: <p>change date screen</p> },
    ],
    '/tickets/changedate/payment/r1/timechange/t1',
  );

afterEach(() => {
  vi.unstubAllGlobals();
  useTicketStore.getState().clearChangeDate();
});

describe('the change-of-date payment screen (issue 32: top-ups on sites without a GMO card)', () => {
  it('offers every web method of a Stripe-and-wallets site, and a wallet continues to confirm under its name', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET paymentmethods': ok(OKINAWA_METHODS),
      'GET timechanges/r1/t1': ok(timeChange({ new_price: 6200, price_difference: 600, top_up: 600 })),
    });
    await renderPayment();
    expect(await screen.findByText('¥600')).toBeTruthy();
    // Before the fix: "Online payment is not available for this order", the new slot still held.
    expect(screen.queryByText(/Online payment is not available/)).toBeNull();
    expect(screen.getByRole('radio', { name: /Credit card \(Stripe\)/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Alipay/ })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /PayPay/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to confirmation' }));

    await screen.findByRole('button', { name: 'Pay and change the date' });
    expect(useTicketStore.getState().changeDatePayment).toEqual({
      method: 'gmo_paypay',
      methodName: 'PayPay',
      timechangeToken: 't1',
    });
    expect(screen.getByText('PayPay')).toBeTruthy();
  });

  it('offers d払い (AZABUDAI_BORDERLESS has it on the web), which continues to confirm under its name', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET paymentmethods': ok(
        paymentMethodsResponseSchema.parse([
          { payment_method_type: 'd_pay', name: 'd払い', display_position: 1 },
        ]),
      ),
      'GET timechanges/r1/t1': ok(timeChange({ new_price: 6200, price_difference: 600, top_up: 600 })),
    });
    await renderPayment();
    // Before the fix: "Online payment is not available for this order", d払い left out of top-ups.
    await user.click(await screen.findByRole('radio', { name: /d払い/ }));
    expect(screen.getByText(/log in to d払い/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue to confirmation' }));
    await screen.findByRole('button', { name: 'Pay and change the date' });
    expect(useTicketStore.getState().changeDatePayment).toEqual({
      method: 'd_pay',
      methodName: 'd払い',
      timechangeToken: 't1',
    });
  });

  it('a site with no web method that can pay a top-up gives the held slot back on "Choose another time"', async () => {
    const user = userEvent.setup();
    const server = fakeApi({
      'GET paymentmethods': ok([]),
      'GET timechanges/r1/t1': ok(timeChange({ new_price: 6200, price_difference: 600, top_up: 600 })),
      'DELETE timechanges/r1/t1': ok(null),
    });
    await renderPayment();
    await screen.findByText('Online payment is not available for this order. Please contact the venue.');
    await user.click(screen.getByRole('button', { name: 'Choose another time' }));
    expect(await screen.findByText('change date screen')).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'DELETE' && call.path === 'timechanges/r1/t1')).toBe(
      true,
    );
  });
});
