import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberChangePaymentAway } from '../../../shared/stores/change-payment-away.ts';
import { useTicketStore } from '../../../shared/stores/ticket-store.ts';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { timeChange } from '../../../test/time-change-fixture.ts';
import ChangeDateCompleteScreen from './change-date-complete-screen.tsx';

/** The change after its top-up was paid: the day entry, ¥800 dearer here, is now the reservation's visit. */
const DONE = timeChange({
  status: 'done',
  old_price: 4800,
  new_price: 5600,
  price_difference: 800,
  top_up: 800,
});

const renderComplete = () =>
  renderRoutes(
    [{ path: '/tickets/changedate/complete/:reservationToken', element: <ChangeDateCompleteScreen /> }],
    '/tickets/changedate/complete/r1',
  );

afterEach(() => useTicketStore.getState().clearChangeDate());

describe('the change-of-date complete screen', () => {
  it('after a top-up paid on the 3-D Secure page, reads the completed change back and shows it', async () => {
    // The browser left for the gateway with the change's payment; it came back with nothing else stored.
    rememberChangePaymentAway('P-1', { reservationToken: 'r1', timechangeToken: 't1' });
    const server = fakeApi({ 'GET timechanges/r1/t1': ok(DONE) });
    await renderComplete();
    expect(await screen.findByText('Day entry')).toBeTruthy();
    expect(screen.getByText('Paid: ¥800')).toBeTruthy();
    expect(server.calls.map((call) => call.path)).toEqual(['timechanges/r1/t1']);
    // The change is over: it is no longer away for payment.
    expect(useTicketStore.getState().changeDatePaymentAway).toBeNull();
  });

  it('shows the result the checkout stored, without asking the server', async () => {
    useTicketStore.getState().set({
      changeDateResult: { reservationToken: 'r1', to: DONE.to, paid: 0 },
    });
    const server = fakeApi({});
    await renderComplete();
    expect(await screen.findByText('Day entry')).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it('opened with nothing stored, leads to the ticket without a visit of its own', async () => {
    const server = fakeApi({});
    await renderComplete();
    expect(await screen.findByRole('link', { name: 'Show my ticket' })).toBeTruthy();
    expect(screen.queryByText('Day entry')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('after a top-up paid on the 3-D Secure page, a reload still shows what was paid (changeDatePaymentResult)', async () => {
    rememberChangePaymentAway('P-1', { reservationToken: 'r1', timechangeToken: 't1' });
    fakeApi({ 'GET timechanges/r1/t1': ok(DONE) });
    const first = await renderComplete();
    await screen.findByText('Paid: ¥800');
    await waitFor(() =>
      expect(useTicketStore.getState().changeDatePaymentResult).toEqual({
        reservationToken: 'r1',
        paid: 800,
        refunded: 0,
        priceDifference: 800,
      }),
    );
    first.unmount();

    // The reload: the away record is gone; nothing is asked of the server.
    const server = fakeApi({});
    await renderComplete();
    expect(await screen.findByText('Day entry')).toBeTruthy();
    expect(screen.getByText('Paid: ¥800')).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it('a cheaper date: says the difference was not refunded (the site policy), from the stored payment result', async () => {
    useTicketStore.getState().set({
      changeDateResult: { reservationToken: 'r1', to: DONE.to, paid: 0 },
      changeDatePaymentResult: { reservationToken: 'r1', paid: 0, refunded: 0, priceDifference: -800 },
    });
    fakeApi({});
    await renderComplete();
    expect(
      await screen.findByText("The new date costs ¥800 less. Under this site's policy, the difference is not refunded."),
    ).toBeTruthy();
    expect(screen.queryByText(/^Paid:/)).toBeNull();
  });
});
