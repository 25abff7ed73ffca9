import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useTicketStore } from '../../../shared/stores/ticket-store.ts';
import { fakeApi, ok, type SeenCall } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { timeChange } from '../../../test/time-change-fixture.ts';
import { temporaryOrder } from '../checkout-page/test-doubles.ts';
import DPayConfirmScreen from '../screens/d-pay-confirm-screen.tsx';
import { leaveForCarrierLogin, postToCarrier } from './carrier-redirect.ts';

// The carrier's pages are left for by navigation and a form post: stood in for, to see what was sent.
vi.mock('./carrier-redirect.ts', () => ({ leaveForCarrierLogin: vi.fn(), postToCarrier: vi.fn() }));

const AUTH = {
  response_type: 'code',
  scope: 'openid d_pay',
  client_id: 'kippu',
  redirect_uri: 'http://localhost/payment-return/d_pay/P-7',
  state: 'state-1',
  nonce: 'nonce-1',
  prompt: 'login',
  authif: '1',
  authorization_endpoint: '/simulator/dpay/authorize',
};
const TOKEN = { s_terkn: 'T', s_spcd: 'S', s_cptok: 'cptok-1', request_url: '/simulator/dpay/payment' };

/** The d払い calls live under the site's path, not /api/v1 (spec §7): matched by their tail. */
const dpayCall = (calls: SeenCall[], tail: string) => calls.filter((call) => call.path.endsWith(tail));

/**
 * The change t1 (top-up ¥600), the booking's order o1 (¥4,800), and the carrier calls under the site's path
 * (fakeApi keys them by their whole path: the d払い calls are not under /api/v1).
 */
function api() {
  const server = fakeApi({
    'GET timechanges/r1/t1': ok(timeChange({ new_price: 6200, price_difference: 600, top_up: 600 })),
    'GET orders/o1': ok(temporaryOrder({ price: 4800 })),
  });
  const answer = server.fetch.getMockImplementation()!;
  server.fetch.mockImplementation(async (input, init) => {
    const path = new URL(String(input)).pathname;
    const body = path.includes('/d-account/v1/auth/')
      ? AUTH
      : path.includes('/d-pay/v1/scptok/')
        ? TOKEN
        : null;
    if (!body) return answer(input, init);
    server.calls.push({ method: 'GET', path, query: new URLSearchParams(), body: undefined });
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return server;
}

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/d-pay-confirm', element: <DPayConfirmScreen /> },
      {
        path: '/tickets/changedate/payment/:reservationToken/timechange/:timechangeToken',
        element: <p>change payment screen</p>,
      },
      { path: '/payment', element: <p>booking payment screen</p> },
      { path: '/error', element: <p>error screen</p> },
      { path: '/order', element: <p>order screen</p> },
    ],
    path,
  );

beforeEach(() => {
  // A booking is in progress in this browser too: a change's top-up must neither pay nor touch it.
  useCoreStore.getState().set({ orderToken: 'o1', paymentNumber: 'P-7', dPayStateCode: null });
  useTicketStore.getState().set({
    changeDatePaymentAway: { reservationToken: 'r1', timechangeToken: 't1', paymentNumber: 'P-7' },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leaveForCarrierLogin).mockClear();
  vi.mocked(postToCarrier).mockClear();
  useTicketStore.getState().clearChangeDate();
  useCoreStore.getState().set({ orderToken: null, paymentNumber: null, dPayStateCode: null });
});

describe('/d-pay-confirm for a change of date’s top-up (issue 32)', () => {
  it('checkout’s redirect: asks for the change’s authorisation (not the booking’s order), keeps the state, leaves for the login', async () => {
    const server = api();
    await renderAt('/d-pay-confirm?flow=change_date');
    await vi.waitFor(() => expect(leaveForCarrierLogin).toHaveBeenCalledWith(AUTH), { timeout: 5000 });
    expect(dpayCall(server.calls, '/d-account/v1/auth/t1')).toHaveLength(1);
    expect(dpayCall(server.calls, '/o1')).toHaveLength(0);
    expect(useCoreStore.getState().dPayStateCode).toBe('state-1');
    // The booking in progress is left as it was.
    expect(useCoreStore.getState().orderToken).toBe('o1');
  });

  it('back from the login: the top-up’s amount, and the payment token of the change posted to the carrier', async () => {
    const user = userEvent.setup();
    useCoreStore.getState().set({ dPayStateCode: 'state-1' });
    const server = api();
    await renderAt('/d-pay-confirm?state=state-1&flow=change_date');
    expect(await screen.findByText('¥600')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay with d払い' }));
    await vi.waitFor(() => expect(postToCarrier).toHaveBeenCalledWith(TOKEN), { timeout: 5000 });
    expect(dpayCall(server.calls, '/d-pay/v1/scptok/t1')).toHaveLength(1);
    expect(server.calls.some((call) => call.path.endsWith('o1'))).toBe(false);
    expect(screen.queryByText('¥4,800')).toBeNull();
  });

  it('a state that is not the one kept: nothing sent, and back leads to the change’s payment screen', async () => {
    const user = userEvent.setup();
    useCoreStore.getState().set({ dPayStateCode: 'state-1' });
    const server = api();
    await renderAt('/d-pay-confirm?state=forged&flow=change_date');
    await screen.findByText('We could not verify this payment. Please choose your payment method again.');
    await user.click(screen.getByRole('link', { name: 'Back to payment methods' }));
    expect(await screen.findByText('change payment screen')).toBeTruthy();
    expect(dpayCall(server.calls, '/d-pay/v1/scptok/t1')).toHaveLength(0);
  });

  it('a change’s confirm with no top-up of this browser away: the error page, nothing asked of the carrier', async () => {
    useTicketStore.getState().clearChangeDate();
    const server = api();
    await renderAt('/d-pay-confirm?flow=change_date');
    expect(await screen.findByText('error screen')).toBeTruthy();
    expect(server.calls.some((call) => call.path.includes('/d-account/'))).toBe(false);
  });

  it('a booking (the flow its URL names) still pays its order: the order’s price and its token', async () => {
    const user = userEvent.setup();
    useCoreStore.getState().set({ dPayStateCode: 'state-1' });
    const server = api();
    await renderAt('/d-pay-confirm?state=state-1&flow=booking');
    expect(await screen.findByText('¥4,800')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay with d払い' }));
    await vi.waitFor(() => expect(postToCarrier).toHaveBeenCalledWith(TOKEN), { timeout: 5000 });
    expect(dpayCall(server.calls, '/d-pay/v1/scptok/o1')).toHaveLength(1);
  });
});
