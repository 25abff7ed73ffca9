import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentFailureSchema } from '@kippu/contract/endpoints/payment-returns';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { useSpotStore, useSpotTokensStore } from '../../../shared/stores/spot-store.ts';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { temporaryOrder } from '../checkout-page/test-doubles.ts';
import PaymentCallbackScreen from './payment-callback-screen.tsx';

const heading = (name: string) => ({ element: <h1>{name}</h1> });
const ROUTES: RouteObject[] = [
  { path: '/payment-callback/:paymentType/:status', element: <PaymentCallbackScreen /> },
  { path: '/complete', ...heading('Complete page') },
  { path: '/payment', ...heading('Payment page') },
  { path: '/spot/payment', ...heading('Spot payment page') },
  { path: '/spot/email-sended/:reservationToken', ...heading('Spot mail sent page') },
];
/** Stripe's return carries the PaymentIntent, not our payment number: the stored one is asked for. */
const STRIPE_RETURN = '/payment-callback/stripe_secure/success?payment_intent=pi_1';
/** The answer once paid: the server names the payment's flow (ADR 059); the screen goes by it alone. */
const reserved = (flow: 'booking' | 'spot' | 'change_date') => ({
  status: 'reserved',
  reservation_token: 'res-1',
  reservation_number: 'AB12CD34EF',
  flow,
});

beforeEach(() => {
  useSpotStore.setState({ orderToken: null });
  useSpotTokensStore.setState({ tickets: [] });
  useCoreStore.setState({ orderToken: null, paymentNumber: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('payment callback: whose purchase came back', () => {
  it('finishes a spot purchase that left for 3-D Secure on the spot mail-sent screen', async () => {
    useSpotStore.setState({ orderToken: 'spot-1' });
    useCoreStore.setState({ paymentNumber: 'P-SPOT' });
    const api = fakeApi({
      'GET payment-results/P-SPOT': ok(reserved('spot')),
      'GET orders/spot-1': ok(temporaryOrder({ price: 3000 })),
    });
    const { router } = await renderRoutes(ROUTES, STRIPE_RETURN);
    expect(await screen.findByRole('heading', { name: 'Spot mail sent page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/spot/email-sended/res-1');
    // A paid spot purchase reports `complete` from GET /gtm, as a web one does (issue 32 item 17).
    await waitFor(() =>
      expect(api.calls.map((call) => call.path)).toEqual([
        'payment-results/P-SPOT',
        'orders/spot-1',
        'gtm/res-1',
      ]),
    );
    expect(useSpotTokensStore.getState().tickets).toEqual([
      expect.objectContaining({ reservationToken: 'res-1', reservationNumber: 'AB12CD34EF', count: 2 }),
    ]);
    expect(useCoreStore.getState().paymentNumber).toBeNull();
  });

  it('finishes a booking whose payment left after a spot one on the booking complete page', async () => {
    // A spot checkout left earlier and never came back; the booking's payment left last.
    useSpotStore.setState({ orderToken: 'spot-1' });
    useCoreStore.setState({ orderToken: 'order-1', paymentNumber: 'P-BOOKING' });
    fakeApi({
      'GET payment-results/P-BOOKING': ok(reserved('booking')),
      'GET orders/order-1': ok(temporaryOrder()),
    });
    await renderRoutes(ROUTES, STRIPE_RETURN);
    expect(await screen.findByRole('heading', { name: 'Complete page' })).toBeTruthy();
    expect(useSpotTokensStore.getState().tickets).toEqual([]);
    expect(useCoreStore.getState().completeData).toMatchObject({ reservationToken: 'res-1' });
  });

  it('sends a declined spot payment back to the spot payment screen to pay again', async () => {
    useSpotStore.setState({ orderToken: 'spot-1' });
    useCoreStore.setState({ paymentNumber: 'P-SPOT' });
    const failure = paymentFailureSchema.parse({
      error: 'payment_api_failure',
      can_retry: true,
      order_token: 'spot-1',
      is_time_change: false,
      old_reservation_token: null,
      time_change_token: null,
      sales_channel: 'spot',
      flow: 'spot',
    });
    fakeApi({ 'GET payment-results/P-SPOT': { status: 400, body: failure } });
    const { router } = await renderRoutes(
      ROUTES,
      '/payment-callback/gmo_paypay/failure?payment_number=P-SPOT',
    );
    await waitFor(() => expect(useDialogStore.getState().dialogs[0]?.titleKey).toBe('payment_retry_title'));
    useDialogStore.getState().close();
    expect(await screen.findByRole('heading', { name: 'Spot payment page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/spot/payment');
  });
});

/**
 * The answer names the flow (ADR 059), so the stores no longer decide it: which payment left last is no
 * guide when a visitor has a booking and a spot purchase open in one browser.
 */
describe('payment callback: the flow is the answer’s', () => {
  it('a spot answer ends on the spot mail-sent screen though the booking’s payment left last', async () => {
    // The spot purchase left for its wallet; then a booking's checkout left too, overwriting the last payment.
    useSpotStore.setState({ orderToken: 'spot-1' });
    useCoreStore.setState({ orderToken: 'order-1', paymentNumber: 'P-BOOKING' });
    const api = fakeApi({
      'GET payment-results/P-SPOT': ok(reserved('spot')),
      'GET orders/spot-1': ok(temporaryOrder({ price: 3000 })),
    });
    const { router } = await renderRoutes(
      ROUTES,
      '/payment-callback/gmo_paypay/success?payment_number=P-SPOT',
    );
    expect(await screen.findByRole('heading', { name: 'Spot mail sent page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/spot/email-sended/res-1');
    // A paid spot purchase reports `complete` from GET /gtm, as a web one does (issue 32 item 17).
    await waitFor(() =>
      expect(api.calls.map((call) => call.path)).toEqual([
        'payment-results/P-SPOT',
        'orders/spot-1',
        'gtm/res-1',
      ]),
    );
    expect(useSpotTokensStore.getState().tickets).toEqual([
      expect.objectContaining({ reservationToken: 'res-1' }),
    ]);
    // the booking in progress is left as it was
    expect(useCoreStore.getState().orderToken).toBe('order-1');
    expect(useCoreStore.getState().completeData).toBeNull();
  });

  it('a booking answer ends on the booking complete page though the spot payment left last', async () => {
    useSpotStore.setState({ orderToken: 'spot-1' });
    useCoreStore.setState({ orderToken: 'order-1', paymentNumber: 'P-SPOT' });
    const api = fakeApi({
      'GET payment-results/P-BOOKING': ok(reserved('booking')),
      'GET orders/order-1': ok(temporaryOrder()),
    });
    const { router } = await renderRoutes(
      ROUTES,
      '/payment-callback/gmo_paypay/success?payment_number=P-BOOKING',
    );
    expect(await screen.findByRole('heading', { name: 'Complete page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/complete');
    // the booking's order is summarised, the spot one is not asked for
    const asked = api.calls.map((call) => call.path);
    expect(asked.slice(0, 2)).toEqual(['payment-results/P-BOOKING', 'orders/order-1']);
    expect(asked).not.toContain('orders/spot-1');
    expect(useCoreStore.getState().completeData).toMatchObject({ reservationToken: 'res-1' });
    // the spot purchase in progress is not taken for finished
    expect(useSpotTokensStore.getState().tickets).toEqual([]);
    expect(useSpotStore.getState().orderToken).toBe('spot-1');
  });

  it('a declined booking payment goes back to the booking’s payment page though the spot payment left last', async () => {
    useSpotStore.setState({ orderToken: 'spot-1' });
    useCoreStore.setState({ orderToken: 'order-1', paymentNumber: 'P-SPOT' });
    const failure = paymentFailureSchema.parse({
      error: 'payment_api_failure',
      can_retry: true,
      order_token: 'order-1',
      is_time_change: false,
      old_reservation_token: null,
      time_change_token: null,
      sales_channel: 'web',
      flow: 'booking',
    });
    fakeApi({ 'GET payment-results/P-BOOKING': { status: 400, body: failure } });
    const { router } = await renderRoutes(
      ROUTES,
      '/payment-callback/gmo_paypay/failure?payment_number=P-BOOKING',
    );
    await waitFor(() => expect(useDialogStore.getState().dialogs[0]?.titleKey).toBe('payment_retry_title'));
    useDialogStore.getState().close();
    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payment');
  });
});
