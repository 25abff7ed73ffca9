import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberChangePaymentAway } from '../../../shared/stores/change-payment-away.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useSpotStore, useSpotTokensStore } from '../../../shared/stores/spot-store.ts';
import { useTicketStore } from '../../../shared/stores/ticket-store.ts';
import { DialogHost } from '../../../shared/ui/dialog-host.tsx';
import { ErrorNavigation } from '../../../test/app-shell.tsx';
import { fakeApi, ok, serverError, type FakeReply } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { temporaryOrder } from '../checkout-page/test-doubles.ts';
import Sbps3dsCallbackScreen from './sbps3ds-callback-screen.tsx';

/** The return route's redirect names the attempt and the flow of its order (`?flow=`, ADR 059). */
const renderCallback = (flow: 'booking' | 'spot' | 'change_date' = 'booking') =>
  renderRoutes(
    [
      {
        path: '/payment-callback/sbps3ds',
        element: (
          <>
            <ErrorNavigation />
            <Sbps3dsCallbackScreen />
            <DialogHost />
          </>
        ),
      },
      { path: '/payment', element: <p>booking payment</p> },
      { path: '/order', element: <p>booking order</p> },
      { path: '/tickets/changedate/:reservationToken', element: <p>change date</p> },
      { path: '/spot/payment', element: <p>spot payment</p> },
      { path: '/payment-error', element: <p>payment error</p> },
      { path: '/complete', element: <p>booking complete</p> },
      { path: '/id/:reservationToken', element: <p>ticket page</p> },
      { path: '/spot/email-sended/:reservationToken', element: <p>spot mail sent</p> },
      { path: '/tickets/changedate/complete/:reservationToken', element: <p>change complete</p> },
      {
        path: '/tickets/changedate/payment/:reservationToken/timechange/:timechangeToken',
        element: <p>change payment</p>,
      },
    ],
    `/payment-callback/sbps3ds?payment_number=P-1&flow=${flow}`,
  );

/** confirmcheckout's answer for a failed 3-D Secure check: the spec's 3-D Secure failure fields (§8). */
const threeDsFailed = (fields: Record<string, unknown> & { can_retry: boolean }): FakeReply => ({
  status: 402,
  body: {
    error: 'payment_api_failure',
    order_token: 'o-1',
    is_time_change: false,
    old_reservation_token: null,
    time_change_token: null,
    sales_channel: 'web',
    flow: 'booking',
    ...fields,
  },
});

/** confirmcheckout's answer once paid: the payment's flow named by the server (ADR 059). */
const reserved = (flow: 'booking' | 'spot' | 'change_date') =>
  ok({ status: 'reserved', reservation_token: 'r1', reservation_number: 'N1', flow });

/** A change of date's top-up left for SoftBank's page (the change's checkout keeps which payment it was). */
const changeInProgress = () => {
  useTicketStore.getState().set({ changeDatePayment: { method: 'softbank_3ds', timechangeToken: 't1' } });
  rememberChangePaymentAway('P-1', { reservationToken: 'r1', timechangeToken: 't1' });
};

/** confirmcheckout's 3-D Secure failure for a change of date's top-up (spec §8 time-change fields). */
const changeFailed = (canRetry: boolean): FakeReply =>
  threeDsFailed({
    can_retry: canRetry,
    order_token: 'o-change',
    is_time_change: true,
    old_reservation_token: 'r1',
    time_change_token: 't1',
    flow: 'change_date',
  });

beforeEach(() => {
  useSpotStore.setState({ orderToken: null });
  useSpotTokensStore.setState({ tickets: [] });
  useCoreStore.setState({ orderToken: null, paymentNumber: null, completeData: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useTicketStore.getState().clearChangeDate();
});

/**
 * Back from SoftBank's payment page with 3-D Secure (spec §4, 3DS return): a failed check is reported as
 * GMO's 3-D Secure return reports it; a refused card keeps the declined card's dialog.
 */
describe('the SoftBank 3-D Secure return', () => {
  it('a failed 3-D Secure check shows the 3-D Secure retry dialog, which leads back to the payment page', async () => {
    const user = userEvent.setup();
    const server = fakeApi({ 'POST orders/confirmcheckout': threeDsFailed({ can_retry: true }) });
    await renderCallback();
    const dialog = await screen.findByRole('dialog', { name: 'Your payment did not go through' });
    expect(dialog.textContent).toContain(
      'You have not been charged. Please try again, or choose another way to pay.',
    );
    expect(screen.queryByText('Payment could not be completed')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to payment' }));
    expect(await screen.findByText('booking payment')).toBeTruthy();
    expect(server.calls.map((call) => call.body)).toEqual([
      { payment_number: 'P-1', payment_method_type: 'softbank_3ds' },
    ]);
  });

  it('a failed check on a spot order leads back to the spot payment page', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST orders/confirmcheckout': threeDsFailed({ can_retry: true, sales_channel: 'spot', flow: 'spot' }),
    });
    await renderCallback('spot');
    await user.click(await screen.findByRole('button', { name: 'Back to payment' }));
    expect(await screen.findByText('spot payment')).toBeTruthy();
  });

  it('a failed check that may not be retried (the hold is gone) goes to the payment error page', async () => {
    fakeApi({ 'POST orders/confirmcheckout': threeDsFailed({ can_retry: false }) });
    await renderCallback();
    expect(await screen.findByText('payment error')).toBeTruthy();
  });

  it('a card the gateway refused still shows the declined card’s dialog', async () => {
    fakeApi({ 'POST orders/confirmcheckout': serverError('payment_api_failure') });
    await renderCallback();
    const dialog = await screen.findByRole('dialog', { name: 'Payment could not be completed' });
    expect(dialog.textContent).toContain('The payment was not accepted or could not be processed.');
    expect(screen.queryByRole('dialog', { name: 'Your payment did not go through' })).toBeNull();
  });
});

/**
 * Each flow ends where GMO's 3-D Secure return ends it (gmo3ds-callback-screen.test.tsx): the same shared
 * return (use-three-d-secure-return.ts), so a booking, a spot purchase and a change of date do not depend on
 * which gateway checked the card.
 */
describe('the SoftBank 3-D Secure return, flow by flow', () => {
  it('a change of date’s top-up that passed leads to the change’s complete screen', async () => {
    changeInProgress();
    // A booking still open in this browser must not take the change's completion.
    useCoreStore.setState({ orderToken: 'order-1' });
    const server = fakeApi({ 'POST orders/confirmcheckout': reserved('change_date') });
    await renderCallback('change_date');
    expect(await screen.findByText('change complete')).toBeTruthy();
    expect(server.calls.map((call) => call.path)).toEqual(['orders/confirmcheckout']);
    expect(useCoreStore.getState().completeData).toBeNull();
    expect(useCoreStore.getState().orderToken).toBe('order-1');
  });

  it('a change of date’s top-up that failed: the retry dialog leads back to the change’s payment page', async () => {
    const user = userEvent.setup();
    changeInProgress();
    fakeApi({ 'POST orders/confirmcheckout': changeFailed(true) });
    const { router } = await renderCallback('change_date');
    await user.click(await screen.findByRole('button', { name: 'Back to payment' }));
    expect(await screen.findByText('change payment')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tickets/changedate/payment/r1/timechange/t1');
    expect(router.state.location.search).toBe('?ref=c');
  });

  it('a change of date’s top-up that may not be retried goes to the payment error page for a time change', async () => {
    changeInProgress();
    fakeApi({ 'POST orders/confirmcheckout': changeFailed(false) });
    const { router } = await renderCallback('change_date');
    expect(await screen.findByText('payment error')).toBeTruthy();
    // The payment number is quoted on every variant of the page (issue 32, item 31).
    expect(router.state.location.search).toBe('?time_change=true&additional_info=P-1');
  });

  it('a booking that passed leads to the booking’s complete screen with its completion data', async () => {
    useCoreStore.setState({ orderToken: 'order-1', paymentNumber: 'P-1' });
    fakeApi({
      'POST orders/confirmcheckout': reserved('booking'),
      'GET orders/order-1': ok(temporaryOrder()),
    });
    await renderCallback();
    expect(await screen.findByText('booking complete')).toBeTruthy();
    expect(useCoreStore.getState().completeData).toMatchObject({
      reservationToken: 'r1',
      reservationNumber: 'N1',
    });
    expect(useCoreStore.getState().orderToken).toBeNull();
  });

  it('a spot purchase that passed leads to the spot mail-sent screen and is remembered on the phone', async () => {
    useSpotStore.setState({ orderToken: 'spot-1' });
    useCoreStore.setState({ paymentNumber: 'P-1' });
    fakeApi({ 'POST orders/confirmcheckout': reserved('spot'), 'GET orders/spot-1': ok(temporaryOrder()) });
    const { router } = await renderCallback('spot');
    expect(await screen.findByText('spot mail sent')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/spot/email-sended/r1');
    expect(useSpotTokensStore.getState().tickets).toEqual([
      expect.objectContaining({ reservationToken: 'r1', reservationNumber: 'N1' }),
    ]);
  });
});

/**
 * A refused card answers the catalogue's error alone (no 3-D Secure failure fields), and this route's path
 * names no flow: the flow that left for the gateway says where to pay again (spec §4, 3DS return).
 */
describe('the SoftBank 3-D Secure return, a refused card flow by flow', () => {
  /** Closes the declined card's dialog; answers the screen's "pay again" link as it was behind it. */
  const closeRefusedDialog = async () => {
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Payment could not be completed' });
    const link = screen.getByRole('link', { name: 'Try paying again' }).getAttribute('href');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    return link;
  };

  it('during a change of date: back to the change’s payment page', async () => {
    changeInProgress();
    fakeApi({ 'POST orders/confirmcheckout': serverError('payment_api_failure') });
    const { router } = await renderCallback('change_date');
    const link = await closeRefusedDialog();
    expect(await screen.findByText('change payment')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tickets/changedate/payment/r1/timechange/t1');
    expect(router.state.location.search).toBe('?ref=c');
    // The screen's own link and the dialog go to the same page.
    expect(link).toBe('/tickets/changedate/payment/r1/timechange/t1?ref=c');
  });

  it('during a spot purchase: back to the spot payment page', async () => {
    useSpotStore.setState({ orderToken: 'spot-1' });
    useCoreStore.setState({ paymentNumber: 'P-1' });
    fakeApi({ 'POST orders/confirmcheckout': serverError('payment_api_failure') });
    const { router } = await renderCallback('spot');
    const link = await closeRefusedDialog();
    expect(await screen.findByText('spot payment')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/spot/payment');
    expect(link).toBe('/spot/payment');
  });

  it('in a booking after a change left on its payment-confirm screen: back to the booking’s payment page', async () => {
    // A change's payment saved, as its payment screen kept it, and once away (P-1) but never sent again;
    // then the booking's checkout left for SoftBank's page with P-2.
    changeInProgress();
    useCoreStore.setState({ orderToken: 'order-1', paymentNumber: 'P-2' });
    fakeApi({ 'POST orders/confirmcheckout': serverError('payment_api_failure') });
    const { router } = await renderCallback();
    const link = await closeRefusedDialog();
    expect(await screen.findByText('booking payment')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payment');
    expect(link).toBe('/payment');
  });

  it('a change that ended meanwhile: its dialog leads to the change-date page', async () => {
    const user = userEvent.setup();
    changeInProgress();
    fakeApi({ 'POST orders/confirmcheckout': serverError('time_change_not_pending') });
    const { router } = await renderCallback('change_date');
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('change date')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tickets/changedate/r1');
  });

  it('the URL’s flow decides, not the stores: a booking’s return while a spot order is away', async () => {
    useSpotStore.setState({ orderToken: 'spot-1' });
    useCoreStore.setState({ orderToken: 'order-1', paymentNumber: 'P-1' });
    fakeApi({ 'POST orders/confirmcheckout': serverError('payment_api_failure') });
    const { router } = await renderCallback('booking');
    const link = await closeRefusedDialog();
    expect(await screen.findByText('booking payment')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payment');
    expect(link).toBe('/payment');
  });

  it('in a booking: back to the booking’s payment page', async () => {
    useCoreStore.setState({ orderToken: 'order-1', paymentNumber: 'P-1' });
    fakeApi({ 'POST orders/confirmcheckout': serverError('payment_api_failure') });
    const { router } = await renderCallback();
    const link = await closeRefusedDialog();
    expect(await screen.findByText('booking payment')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payment');
    expect(link).toBe('/payment');
  });

  it('a critical refund error during a change: the inquiry page for a time change, quoting the payment number', async () => {
    changeInProgress();
    fakeApi({ 'POST orders/confirmcheckout': serverError('critical_refund_error') });
    const { router } = await renderCallback('change_date');
    expect(await screen.findByText('payment error')).toBeTruthy();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      time_change: 'true',
      inquiry: 'true',
      additional_info: 'P-1',
    });
  });
});
