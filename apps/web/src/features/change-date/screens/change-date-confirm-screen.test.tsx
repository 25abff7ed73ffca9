import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTicketStore } from '../../../shared/stores/ticket-store.ts';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { timeChange } from '../../../test/time-change-fixture.ts';
import ChangeDateConfirmScreen from './change-date-confirm-screen.tsx';

const PATH = '/tickets/changedate/confirm/:reservationToken/timechange/:timechangeToken';

const renderConfirm = () =>
  renderRoutes(
    [
      { path: PATH, element: <ChangeDateConfirmScreen /> },
      { path: '/tickets/changedate/complete/:reservationToken', element: <p>complete screen</p> },
      {
        path: '/tickets/changedate/payment/:reservationToken/timechange/:timechangeToken',
        element: <p>payment screen</p>,
      },
    ],
    '/tickets/changedate/confirm/r1/timechange/t1',
  );

afterEach(() => {
  vi.unstubAllGlobals();
  useTicketStore.getState().clearChangeDate();
});

describe('the change-of-date confirm screen', () => {
  it('shows the no-refund policy of a cheaper date before confirming, then completes without payment', async () => {
    const user = userEvent.setup();
    const server = fakeApi({
      'GET timechanges/r1/t1': ok(timeChange()),
      'POST timechanges/r1/t1/checkout': ok({
        status: 'reserved',
        reservation_token: 'r1',
        reservation_number: 'N1',
      }),
    });
    await renderConfirm();
    expect(
      await screen.findByText(
        "The new date costs ¥800 less. Under this site's policy, the difference is not refunded.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Continue to payment' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change the date' }));
    expect(await screen.findByText('complete screen')).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'POST')!.body).toEqual({
      payment_method_type: 'free',
    });
    expect(useTicketStore.getState().changeDateResult).toMatchObject({ reservationToken: 'r1', paid: 0 });
    expect(useTicketStore.getState().changeDatePaymentResult).toEqual({
      reservationToken: 'r1',
      paid: 0,
      refunded: 0,
      priceDifference: -800,
    });
  });

  it('leads a dearer date to payment and says nothing of refunds', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET timechanges/r1/t1': ok(timeChange({ new_price: 6400, price_difference: 800, top_up: 800 })),
    });
    await renderConfirm();
    const toPayment = await screen.findByRole('link', { name: 'Continue to payment' });
    expect(screen.getByText('¥800')).toBeTruthy();
    expect(screen.queryByText(/not refunded/)).toBeNull();
    await user.click(toPayment);
    expect(await screen.findByText('payment screen')).toBeTruthy();
  });

  it('says how many of the tickets that move are shared (ADR 107: 2 move, the holder holds 1)', async () => {
    fakeApi({ 'GET timechanges/r1/t1': ok(timeChange({ quantity: 2, shared_quantity: 1 })) });
    await renderConfirm();
    expect(await screen.findByText('2 tickets')).toBeTruthy();
    expect(
      screen.getByText(
        '1 of them are shared with others. Shared tickets move too and keep their QR codes; anyone you mailed their link to is told of the new date.',
      ),
    ).toBeTruthy();
  });
});
