import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import Gmo3dsCallbackScreen from './gmo3ds-callback-screen.tsx';
import PaymentErrorScreen from './payment-error-screen.tsx';

afterEach(() => useCoreStore.setState({ orderToken: null, paymentNumber: null }));

/**
 * `/payment-error`'s `additional_info` (spec §2) outside the inquiry variant (issue 32, item 31): a payment
 * that failed for good still has a payment number, and the visitor who asks about it quotes that number.
 */
describe('the payment error page quotes the payment number', () => {
  it('shows additional_info on the plain variant (no inquiry)', async () => {
    await renderRoutes(
      [{ path: '/payment-error', element: <PaymentErrorScreen /> }],
      '/payment-error?additional_info=P-77',
    );
    expect(await screen.findByText('P-77')).toBeTruthy();
    expect(screen.getByText('Reference')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Contact us' })).toBeNull();
  });

  it('shows it on the time-change variant too', async () => {
    await renderRoutes(
      [{ path: '/payment-error', element: <PaymentErrorScreen /> }],
      '/payment-error?time_change=true&additional_info=P-78',
    );
    expect(await screen.findByText('P-78')).toBeTruthy();
  });

  it('shows no reference block when the flow passed none', async () => {
    await renderRoutes([{ path: '/payment-error', element: <PaymentErrorScreen /> }], '/payment-error');
    await screen.findByTestId('payment-error');
    expect(screen.queryByText('Reference')).toBeNull();
  });

  it('a 3-D Secure return that cannot be retried passes the payment number to the page', async () => {
    useCoreStore.setState({ orderToken: 'order-1', paymentNumber: 'P-9' });
    fakeApi({
      'POST gmo-secure/exe-payment': {
        status: 402,
        body: {
          error: 'payment_api_failure',
          can_retry: false,
          order_token: 'order-1',
          is_time_change: false,
          old_reservation_token: null,
          time_change_token: null,
          sales_channel: 'web',
          flow: 'booking',
        },
      },
    });
    const { router } = await renderRoutes(
      [
        { path: '/payment-callback/gmo3ds', element: <Gmo3dsCallbackScreen /> },
        { path: '/payment-error', element: <PaymentErrorScreen /> },
      ],
      '/payment-callback/gmo3ds?md=access-1',
    );
    expect(await screen.findByText('P-9')).toBeTruthy();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      additional_info: 'P-9',
    });
  });
});
