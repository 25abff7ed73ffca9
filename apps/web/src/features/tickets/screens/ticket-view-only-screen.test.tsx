import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ticketResponseSchema } from '@kippu/contract/endpoints/ticket';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { fakeApi, ok, serverError } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { configuration } from '../../../test/site-settings-fixture.ts';
import TicketViewOnlyScreen from './ticket-view-only-screen.tsx';

const TOKEN = 'view-token-1';

// What GET /tickets/view answers (ADR 102): the holder's tickets, none of the holder's actions.
const viewed = ticketResponseSchema.parse({
  reservation_number: 'R3SRV7NMBR',
  status: 'reserved',
  lang: 'en',
  product: { name: 'Timed entry ticket', type: 'time', caution: '' },
  time_span_id: 812,
  starts_at: '2026-12-01T01:00:00.000Z',
  ends_at: '2026-12-01T01:30:00.000Z',
  total_price: 0,
  discount: 0,
  can_change_date: false,
  set_products: [],
  return_notes: [],
  apple_wallet: false,
  tickets: [
    { id: 101, sequence: 1, option_name: 'Adult', status: 'valid', qr: 'K1.101.ABCDEFGHIJKLMNOP.ABC' },
    { id: 102, sequence: 2, option_name: 'Adult', status: 'valid', qr: 'K1.102.ABCDEFGHIJKLMNOP.ABC' },
  ],
});

const renderView = () =>
  renderRoutes(
    [{ path: '/tickets/view/:viewToken', element: <TicketViewOnlyScreen /> }],
    `/tickets/view/${TOKEN}`,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.dataLayer;
});

describe('a sent ticket link (view only)', () => {
  it('shows the tickets with their QR codes and the visit, and no action of the holder', async () => {
    useCoreStore.setState({ configuration: configuration() });
    const server = fakeApi({ [`GET tickets/view/${TOKEN}`]: ok(viewed) });
    await renderView();
    expect(await screen.findByText('These tickets were sent to you by the person who booked them.')).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Timed entry ticket' });
    expect(within(card).getByText('R3SRV7NMBR')).toBeTruthy();
    expect(within(card).getByText('Adult × 2')).toBeTruthy();
    await vi.waitFor(() => expect(document.querySelectorAll('img.qr-image')).toHaveLength(2));

    // No date change, receipt, share, send, calendar file, print or Wallet: no link or button at all.
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByText(/Change date|Receipt|Share|Send/i)).toBeNull();
    // Only the view call, with the view token; never the holder's ticket page.
    expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET tickets/view/${TOKEN}`]);
    expect(server.calls[0]!.query.get('lang')).toBe('en');
  });

  it('an unknown or withdrawn link: its own message, no dialog', async () => {
    fakeApi({ [`GET tickets/view/${TOKEN}`]: serverError('ticket_not_found') });
    await renderView();
    expect(
      await screen.findByText(
        'We could not find these tickets. Please ask the person who shared them to send the link again.',
      ),
    ).toBeTruthy();
    expect(useDialogStore.getState().dialogs).toEqual([]);
  });
});
