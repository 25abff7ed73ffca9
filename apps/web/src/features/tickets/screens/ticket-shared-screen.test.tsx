import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ticketResponseSchema } from '@kippu/contract/endpoints/ticket';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { fakeApi, ok, serverError } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { configuration } from '../../../test/site-settings-fixture.ts';
import TicketSharedScreen from './ticket-shared-screen.tsx';

const TOKEN = 'share-token-1';

const shared = ticketResponseSchema.parse({
  reservation_number: 'S3CND7NMBR',
  status: 'reserved',
  lang: 'en',
  product: { name: 'Timed entry ticket', type: 'time', caution: '' },
  time_span_id: 812,
  starts_at: '2026-12-01T01:00:00.000Z',
  ends_at: '2026-12-01T01:30:00.000Z',
  total_price: 3000,
  discount: 0,
  set_products: [],
  apple_wallet: false,
  tickets: [
    { id: 102, sequence: 2, option_name: 'Adult', status: 'valid', qr: 'K1.102.ABCDEFGHIJKLMNOP.ABC' },
  ],
});

const renderShared = () =>
  renderRoutes(
    [{ path: '/tickets/shared/:reservationToken', element: <TicketSharedScreen /> }],
    `/tickets/shared/${TOKEN}`,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.dataLayer;
});

describe('the shared ticket screen', () => {
  it('shows only the shared tickets, each with its own QR code', async () => {
    useCoreStore.setState({ configuration: configuration() });
    const server = fakeApi({ [`GET tickets/shared/${TOKEN}`]: ok(shared) });
    await renderShared();
    expect(await screen.findByText('These tickets were shared with you.')).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Timed entry ticket' });
    expect(within(card).getByText('S3CND7NMBR')).toBeTruthy();
    expect(within(card).getByText('Adult × 1')).toBeTruthy();
    await vi.waitFor(() => expect(document.querySelectorAll('img.qr-image')).toHaveLength(1));
    expect(screen.getByRole('img', { name: 'QR code for Adult, ticket 1 of 1' }).getAttribute('src')).toMatch(
      /^data:image\/svg\+xml/,
    );
    expect(server.calls[0]!.query.get('lang')).toBe('en');
  });

  it('an unknown link: its own message, no dialog', async () => {
    fakeApi({ [`GET tickets/shared/${TOKEN}`]: serverError('ticket_not_found') });
    await renderShared();
    expect(
      await screen.findByText(
        'We could not find these tickets. Please ask the person who shared them to send the link again.',
      ),
    ).toBeTruthy();
    expect(useDialogStore.getState().dialogs).toEqual([]);
  });
});
