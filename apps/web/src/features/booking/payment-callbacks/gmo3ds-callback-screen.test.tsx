import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberChangePaymentAway } from '../../../shared/stores/change-payment-away.ts';
import { useTicketStore } from '../../../shared/stores/ticket-store.ts';
import { DialogHost } from '../../../shared/ui/dialog-host.tsx';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import Gmo3dsCallbackScreen from './gmo3ds-callback-screen.tsx';

const renderCallback = () =>
  renderRoutes(
    [
      {
        path: '/payment-callback/gmo3ds',
        element: (
          <>
            <Gmo3dsCallbackScreen />
            <DialogHost />
          </>
        ),
      },
      { path: '/complete', element: <p>booking complete</p> },
      { path: '/payment', element: <p>booking payment</p> },
      { path: '/tickets/changedate/complete/:reservationToken', element: <p>change complete</p> },
      {
        path: '/tickets/changedate/payment/:reservationToken/timechange/:timechangeToken',
        element: <p>change payment</p>,
      },
    ],
    '/payment-callback/gmo3ds?md=access-1',
  );

afterEach(() => useTicketStore.getState().clearChangeDate());

/** A change of date's top-up left for the card issuer's page (the change's checkout keeps which payment). */
const changeInProgress = () => {
  useTicketStore.getState().set({ changeDatePayment: { method: 'gmo_3ds', timechangeToken: 't1' } });
  rememberChangePaymentAway('P-change', { reservationToken: 'r1', timechangeToken: 't1' });
};

/** Back from the card issuer's 3-D Secure challenge (spec §4), for a booking and for a change of date. */
describe('the 3-D Secure return', () => {
  it('a change of date’s top-up that passed leads to the change’s complete screen', async () => {
    changeInProgress();
    const server = fakeApi({
      'POST gmo-secure/exe-payment': ok({
        status: 'reserved',
        reservation_token: 'r1',
        reservation_number: 'N1',
        flow: 'change_date',
      }),
    });
    await renderCallback();
    expect(await screen.findByText('change complete')).toBeTruthy();
    expect(server.calls.map((call) => call.body)).toEqual([{ md: 'access-1' }]);
  });

  it('a change of date’s top-up that failed: the retry dialog leads back to the change’s payment page', async () => {
    const user = userEvent.setup();
    changeInProgress();
    fakeApi({
      'POST gmo-secure/exe-payment': {
        status: 402,
        body: {
          error: 'payment_api_failure',
          can_retry: true,
          order_token: 'o-change',
          is_time_change: true,
          old_reservation_token: 'r1',
          time_change_token: 't1',
          sales_channel: 'web',
          flow: 'change_date',
        },
      },
    });
    await renderCallback();
    await user.click(await screen.findByRole('button', { name: 'Back to payment' }));
    expect(await screen.findByText('change payment')).toBeTruthy();
  });

  it('a booking that passed (no change in progress) leads to the booking’s complete screen', async () => {
    fakeApi({
      'POST gmo-secure/exe-payment': ok({
        status: 'reserved',
        reservation_token: 'r9',
        reservation_number: 'N9',
        flow: 'booking',
      }),
    });
    await renderCallback();
    expect(await screen.findByText('booking complete')).toBeTruthy();
  });
});
