import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../../shared/ui/dialog-host.tsx';
import { fakeApi, serverError, type FakeReply } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import Sbps3dsCallbackScreen from './sbps3ds-callback-screen.tsx';

const renderCallback = () =>
  renderRoutes(
    [
      {
        path: '/payment-callback/sbps3ds',
        element: (
          <>
            <Sbps3dsCallbackScreen />
            <DialogHost />
          </>
        ),
      },
      { path: '/payment', element: <p>booking payment</p> },
      { path: '/spot/payment', element: <p>spot payment</p> },
      { path: '/payment-error', element: <p>payment error</p> },
    ],
    '/payment-callback/sbps3ds?payment_number=P-1',
  );

/** confirmcheckout's answer for a failed 3-D Secure check: the spec's 3-D Secure failure fields (§8). */
const threeDsFailed = (fields: { can_retry: boolean; sales_channel?: string }): FakeReply => ({
  status: 502,
  body: {
    error: 'payment_api_failure',
    order_token: 'o-1',
    is_time_change: false,
    old_reservation_token: null,
    time_change_token: null,
    sales_channel: 'web',
    ...fields,
  },
});

afterEach(() => vi.unstubAllGlobals());

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
    fakeApi({ 'POST orders/confirmcheckout': threeDsFailed({ can_retry: true, sales_channel: 'spot' }) });
    await renderCallback();
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
    expect(dialog.textContent).toContain('The payment service returned an error.');
    expect(screen.queryByRole('dialog', { name: 'Your payment did not go through' })).toBeNull();
  });
});
