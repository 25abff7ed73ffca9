import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ticketResponseSchema, type TicketResponse } from '@kippu/contract/endpoints/ticket';
import type { TimeChangeResponse } from '@kippu/contract/endpoints/time-change';
import { useTicketStore } from '../shared/stores/ticket-store.ts';
import { fakeApi, ok } from '../test/fake-api.ts';
import { renderRoutes } from '../test/render.tsx';
import TicketScreen from '../features/tickets/screens/ticket-screen.tsx';
import ChangeDateCompleteScreen from '../features/change-date/screens/change-date-complete-screen.tsx';
import ChangeDatePaymentConfirmScreen from '../features/change-date/screens/change-date-payment-confirm-screen.tsx';

const visit = (name: string, startsAt: string, endsAt: string) => ({
  product_name: name,
  product_type: 'time' as const,
  time_span_id: 1,
  starts_at: startsAt,
  ends_at: endsAt,
});

/** A pending change of two tickets from a day slot on 1 December to a night slot on 8 December, ¥1,000 more. */
const CHANGE: TimeChangeResponse = {
  status: 'pending',
  expires_at: '2026-12-01T01:20:00.000Z',
  from: visit('Timed entry ticket', '2026-12-01T01:00:00.000Z', '2026-12-01T02:00:00.000Z'),
  to: visit('Night entry ticket', '2026-12-08T09:00:00.000Z', '2026-12-08T09:30:00.000Z'),
  quantity: 2,
  shared_quantity: 0,
  old_price: 3000,
  new_price: 4000,
  price_difference: 1000,
  top_up: 1000,
  refund: 0,
};

function ticket(product: string, startsAt: string, endsAt: string, qr: string): TicketResponse {
  return ticketResponseSchema.parse({
    reservation_number: 'K7QX2M9P',
    status: 'reserved',
    lang: 'en',
    product: { name: product, type: 'time', caution: '' },
    time_span_id: 812,
    starts_at: startsAt,
    ends_at: endsAt,
    total_price: 4000,
    discount: 0,
    set_products: [],
    apple_wallet: false,
    can_change_date: true,
    tickets: [
      { id: 101, sequence: 1, option_name: 'Adult', status: 'valid', qr: `${qr}.1` },
      { id: 102, sequence: 2, option_name: 'Adult', status: 'valid', qr: `${qr}.2` },
    ],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  useTicketStore.getState().clearChangeDate();
});

describe('from the change of date to the ticket page', () => {
  it('pays the top-up, and the ticket page it leads to never shows the old visit and its codes', async () => {
    const user = userEvent.setup();
    const before = ticket('Timed entry ticket', CHANGE.from.starts_at, CHANGE.from.ends_at, 'K1.old');
    const after = ticket('Night entry ticket', CHANGE.to.starts_at, CHANGE.to.ends_at, 'K1.new');
    let changed = false;
    let releaseNewTicket = () => {};
    const newTicketSent = new Promise<void>((resolve) => (releaseNewTicket = resolve));
    const server = fakeApi({
      // The ticket page's answer after the change arrives only when the test lets it.
      'GET tickets/r1': async () => (changed ? (await newTicketSent, ok(after)) : ok(before)),
      'GET timechanges/r1/t1': ok(CHANGE),
      'POST timechanges/r1/t1/checkout': () => {
        changed = true;
        return ok({ status: 'reserved', reservation_token: 'r1', reservation_number: 'K7QX2M9P' });
      },
    });
    const { router } = await renderRoutes(
      [
        { path: '/id/:reservationToken', element: <TicketScreen /> },
        {
          path: '/tickets/changedate/payment/confirm/:reservationToken/timechange/:timechangeToken',
          element: <ChangeDatePaymentConfirmScreen />,
        },
        { path: '/tickets/changedate/complete/:reservationToken', element: <ChangeDateCompleteScreen /> },
      ],
      '/id/r1',
    );
    // The visitor has seen the ticket (its answer is in the app's cache), then chose a dearer slot and a card.
    expect(await screen.findByText('Tue, Dec 01, 2026')).toBeTruthy();
    useTicketStore.getState().set({
      changeDatePayment: {
        method: 'gmo_3ds',
        token: 'tok',
        maskedCardNo: '4*******1111',
        timechangeToken: 't1',
      },
    });
    await router.navigate('/tickets/changedate/payment/confirm/r1/timechange/t1');

    await user.click(await screen.findByRole('button', { name: 'Pay and change the date' }));
    expect(server.calls.find((call) => call.method === 'POST')!.body).toEqual({
      payment_method_type: 'gmo_3ds',
      token: 'tok',
      masked_card_number: '4*******1111',
    });
    await user.click(await screen.findByRole('link', { name: 'Show my ticket' }));

    // Until the new answer comes, the page waits: no old date, no old codes.
    expect(await screen.findByText('Your ticket')).toBeTruthy();
    expect(screen.queryByText('Tue, Dec 01, 2026')).toBeNull();
    expect(screen.queryByText('Timed entry ticket')).toBeNull();
    expect(screen.queryAllByRole('img', { name: /^QR code for/ })).toEqual([]);
    releaseNewTicket();
    expect(await screen.findByText('Tue, Dec 08, 2026')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Night entry ticket' })).toBeTruthy();
  });
});
