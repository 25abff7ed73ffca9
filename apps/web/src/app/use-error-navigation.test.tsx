import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../shared/api/api-client.ts';
import { errorDestinationFor } from '../shared/api/error-navigation.ts';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { useSpotStore } from '../shared/stores/spot-store.ts';
import { useTicketStore } from '../shared/stores/ticket-store.ts';
import { DialogHost } from '../shared/ui/dialog-host.tsx';
import { fakeApi, ok, serverError } from '../test/fake-api.ts';
import { renderRoutes } from '../test/render.tsx';
import { configuration } from '../test/site-settings-fixture.ts';
import { paths } from '../shared/routing/paths.ts';
import { errorDestinationHref, useErrorNavigation } from './use-error-navigation.ts';

afterEach(() => vi.unstubAllGlobals());

describe('errorDestinationFor (the error-navigation table, spec §4)', () => {
  const put = { method: 'PUT', url: 'orders/t1' };
  const checkout = { method: 'POST', url: 'orders/checkout/t1' };
  const couponApply = { method: 'POST', url: 'ordercoupons/t1' };
  const body = (error: string) => ({ error });

  it('sends a timed-out session back to the start and a refused e-mail to the order page', () => {
    expect(errorDestinationFor(body('session_timeout'), put)).toBe('session-timeout');
    expect(errorDestinationFor(body('invalid email address'), put)).toBe('order');
  });

  it('sends a payment failure, and a coupon used up during checkout, back to payment', () => {
    expect(errorDestinationFor(body('payment_api_failure'), checkout)).toBe('payment');
    expect(errorDestinationFor(body('coupon limit reached'), checkout)).toBe('payment');
    // The same error while applying a coupon keeps the visitor on the confirm screen.
    expect(errorDestinationFor(body('coupon limit reached'), couponApply)).toBeNull();
  });

  it('stays for every other error, unknown strings and bodies without an error', () => {
    expect(errorDestinationFor(body('out of stock'), put)).toBeNull();
    expect(errorDestinationFor(body('something new'), put)).toBeNull();
    expect(errorDestinationFor('Bad gateway', put)).toBeNull();
    expect(errorDestinationFor(undefined, put)).toBeNull();
  });
});

describe('errorDestinationHref', () => {
  const booking = { pathname: '/confirm', onlyStartMailConfirm: false, spotQrToken: null };

  it('starts a timed-out booking again at the order page, or at the error page on a mail-confirm-only site', () => {
    expect(errorDestinationHref('session-timeout', booking)).toBe('/order');
    expect(errorDestinationHref('session-timeout', { ...booking, onlyStartMailConfirm: true })).toBe(
      '/error',
    );
    expect(errorDestinationHref('order', { ...booking, onlyStartMailConfirm: true })).toBe('/order');
    expect(errorDestinationHref('payment', booking)).toBe('/payment');
  });

  it('keeps a spot visitor in the spot flow, with the QR token they came with', () => {
    const spot = { pathname: '/spot/payment', onlyStartMailConfirm: false, spotQrToken: 'qr 1' };
    expect(errorDestinationHref('session-timeout', spot)).toBe('/spot?qr_token=qr+1');
    expect(errorDestinationHref('payment', spot)).toBe('/spot/payment');
  });

  it('sends a gateway return back to the flow its URL names (the server’s `?flow=`), never a guess', () => {
    const back = { pathname: '/payment-callback/sbps3ds', onlyStartMailConfirm: false, spotQrToken: 'q' };
    expect(errorDestinationHref('payment', { ...back, callbackFlow: 'spot' })).toBe('/spot/payment');
    expect(errorDestinationHref('session-timeout', { ...back, callbackFlow: 'spot' })).toBe(
      '/spot?qr_token=q',
    );
    expect(errorDestinationHref('payment', { ...back, callbackFlow: 'booking' })).toBe('/payment');
    // A callback URL naming no flow: the booking's (the documented fallback).
    expect(errorDestinationHref('payment', { ...back, callbackFlow: null })).toBe('/payment');
    // Whatever a URL says, a screen of the booking flow stays in the booking flow.
    expect(errorDestinationHref('payment', { ...back, pathname: '/confirm', callbackFlow: 'spot' })).toBe(
      '/payment',
    );
  });

  it('keeps a change of date in its flow: a declined top-up pays again, an ended change starts again', () => {
    const where = (pathname: string) => ({ pathname, onlyStartMailConfirm: false, spotQrToken: null });
    const paying = where('/tickets/changedate/payment/confirm/r1/timechange/t1');
    expect(errorDestinationHref('payment', paying)).toBe(
      '/tickets/changedate/payment/r1/timechange/t1?ref=c',
    );
    expect(errorDestinationHref('time-change', paying)).toBe('/tickets/changedate/r1');
    expect(errorDestinationHref('time-change', where('/tickets/changedate/confirm/r1/timechange/t1'))).toBe(
      '/tickets/changedate/r1',
    );
    expect(
      errorDestinationFor(
        { error: 'time change status is not pending or time change expired' },
        {
          method: 'POST',
          url: 'timechanges/r1/t1/checkout',
        },
      ),
    ).toBe('time-change');
  });
});

describe('errorDestinationHref, on a change of date’s gateway return', () => {
  const back = {
    pathname: '/payment-callback/sbps3ds',
    onlyStartMailConfirm: false,
    spotQrToken: null,
    callbackFlow: 'change_date' as const,
    changePaymentAway: { reservationToken: 'r 1', timechangeToken: 't1' },
  };

  it('leads where the change’s own screens lead: a declined top-up pays again, anything else starts again', () => {
    expect(errorDestinationHref('payment', back)).toBe(
      '/tickets/changedate/payment/r%201/timechange/t1?ref=c',
    );
    expect(errorDestinationHref('time-change', back)).toBe('/tickets/changedate/r%201');
    expect(errorDestinationHref('order', back)).toBe('/tickets/changedate/r%201');
    expect(errorDestinationHref('session-timeout', { ...back, onlyStartMailConfirm: true })).toBe(
      '/tickets/changedate/r%201',
    );
  });

  it('leaves other flows’ screens and other flows’ returns alone', () => {
    // Away or not, a screen of the booking flow stays in the booking flow.
    expect(errorDestinationHref('payment', { ...back, pathname: '/confirm' })).toBe('/payment');
    // The URL names the booking (its payment left after the change's): the booking's return.
    expect(errorDestinationHref('payment', { ...back, callbackFlow: 'booking' })).toBe('/payment');
    expect(errorDestinationHref('time-change', { ...back, callbackFlow: 'booking' })).toBe('/order');
  });
});

/** A layout with the navigation hook and the dialog host, and a screen that makes one call. */
function routesCalling(
  method: 'POST' | 'PUT',
  url: string,
  from: string = paths.confirm.path,
): RouteObject[] {
  function Layout() {
    useErrorNavigation();
    return (
      <>
        <Outlet />
        <DialogHost />
      </>
    );
  }
  const call = () => api.request(method, url, {}).catch(() => undefined);
  const screenNamed = (name: string) => <h1>{name}</h1>;
  return [
    {
      element: <Layout />,
      children: [
        { path: from, element: <button onClick={call}>Call</button> },
        { path: paths.order.path, element: screenNamed('Order page') },
        { path: paths.payment.path, element: screenNamed('Payment page') },
        { path: paths.error.path, element: screenNamed('Error page') },
        { path: paths.changeDate.path, element: screenNamed('Change-date page') },
        { path: paths.changeDatePayment.path, element: screenNamed('Change payment page') },
      ],
    },
  ];
}

describe('useErrorNavigation', () => {
  it('after the session-timeout dialog, clears every stored value and returns to the order page', async () => {
    fakeApi({ 'PUT orders/t1': serverError('session_timeout') });
    useCoreStore.setState({
      orderToken: 't1',
      savedSignIn: { email: 'a@example.com' },
      savedPayment: { method: 'gmo' },
    });
    const { router } = await renderRoutes(routesCalling('PUT', 'orders/t1'), '/confirm');
    await userEvent.click(screen.getByRole('button', { name: 'Call' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your session has expired' });
    // Nothing moves until the visitor has read the dialog.
    expect(router.state.location.pathname).toBe('/confirm');
    expect(useCoreStore.getState().orderToken).toBe('t1');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));

    expect(dialog.isConnected).toBe(false);
    expect(await screen.findByRole('heading', { name: 'Order page' })).toBeTruthy();
    const state = useCoreStore.getState();
    expect([state.orderToken, state.savedSignIn, state.savedPayment]).toEqual([null, null, null]);
  });

  it('goes to the error page on a mail-confirm-only site, also when the dialog is dismissed with Escape', async () => {
    fakeApi({ 'POST orders/checkout/t1': serverError('session_timeout') });
    useCoreStore.setState({
      orderToken: 't1',
      configuration: configuration({ isOnlyStartMailConfirm: true }),
    });
    useSpotStore.setState({ qrToken: null });
    await renderRoutes(routesCalling('POST', 'orders/checkout/t1'), '/confirm');
    await userEvent.click(screen.getByRole('button', { name: 'Call' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('heading', { name: 'Error page' })).toBeTruthy();
    expect(useCoreStore.getState().orderToken).toBeNull();
  });

  it('returns to payment after a declined checkout, keeping the order', async () => {
    fakeApi({ 'POST orders/checkout/t1': serverError('payment_api_failure') });
    useCoreStore.setState({ orderToken: 't1' });
    await renderRoutes(routesCalling('POST', 'orders/checkout/t1'), '/confirm');
    await userEvent.click(screen.getByRole('button', { name: 'Call' }));
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeTruthy();
    expect(useCoreStore.getState().orderToken).toBe('t1');
  });

  it('keeps the generic connection dialog and the screen for an unknown error', async () => {
    fakeApi({ 'POST orders/checkout/t1': { status: 500, body: { error: 'something new' } } });
    const { router } = await renderRoutes(routesCalling('POST', 'orders/checkout/t1'), '/confirm');
    await userEvent.click(screen.getByRole('button', { name: 'Call' }));
    await screen.findByRole('dialog', { name: 'We were unable to connect to the server' });
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(router.state.location.pathname).toBe('/confirm');
  });

  describe('on the gateway return of a change of date’s top-up', () => {
    /**
     * The change's checkout left for SoftBank's page with payment P-2 (its payment screen's record and the
     * change's away record), after which no other payment left: the last one away (core) is the change's.
     */
    const changeAway = () => {
      useTicketStore.setState({
        changeDatePayment: { method: 'softbank_3ds', timechangeToken: 't1' },
        changeDatePaymentAway: { paymentNumber: 'P-2', reservationToken: 'r1', timechangeToken: 't1' },
      });
      useCoreStore.setState({ orderToken: 'order-1', paymentNumber: 'P-2' });
    };
    afterEach(() => useTicketStore.getState().clearChangeDate());

    /** The return's confirmcheckout answers `error`; its dialog is closed. */
    const closeErrorOnReturn = async (
      error: Parameters<typeof serverError>[0],
      flow: 'booking' | 'change_date' = 'change_date',
    ) => {
      fakeApi({ 'POST orders/confirmcheckout': serverError(error) });
      const rendered = await renderRoutes(
        routesCalling('POST', 'orders/confirmcheckout', paths.paymentCallbackSbps3ds.path),
        `/payment-callback/sbps3ds?payment_number=P-2&flow=${flow}`,
      );
      await userEvent.click(screen.getByRole('button', { name: 'Call' }));
      await screen.findByRole('dialog');
      await userEvent.click(screen.getByRole('button', { name: 'OK' }));
      return rendered;
    };

    it('an ended change leads to the change-date page, not the order page', async () => {
      changeAway();
      const { router } = await closeErrorOnReturn('time_change_not_pending');
      expect(await screen.findByRole('heading', { name: 'Change-date page' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/tickets/changedate/r1');
    });

    it('a timed-out session starts the change again and keeps the booking open in this browser', async () => {
      changeAway();
      await closeErrorOnReturn('session_timeout');
      expect(await screen.findByRole('heading', { name: 'Change-date page' })).toBeTruthy();
      expect(useCoreStore.getState().orderToken).toBe('order-1');
    });

    it('once a booking’s payment has left after the change, an error on its return stays in the booking', async () => {
      changeAway();
      useCoreStore.setState({ paymentNumber: 'P-3' });
      await closeErrorOnReturn('time_change_not_pending', 'booking');
      expect(await screen.findByRole('heading', { name: 'Order page' })).toBeTruthy();
    });
  });

  it('does nothing for a call that succeeds', async () => {
    fakeApi({ 'PUT orders/t1': ok({}) });
    const { router } = await renderRoutes(routesCalling('PUT', 'orders/t1'), '/confirm');
    await userEvent.click(screen.getByRole('button', { name: 'Call' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/confirm');
  });
});
