import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ticketResponseSchema } from '@kippu/contract/endpoints/ticket';
import { returnNoteResponseSchema } from '@kippu/contract/endpoints/return-notes';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { configuration } from '../../../test/site-settings-fixture.ts';
import ReturnNoteScreen from './return-note-screen.tsx';
import TicketScreen from './ticket-screen.tsx';

/** Two adults bought with a coupon; one was refunded (1 350 yen back, its return note HDEMO-000001). */
const partlyRefunded = ticketResponseSchema.parse({
  reservation_number: 'K7QX2M9P',
  status: 'reserved',
  lang: 'en',
  product: { name: 'Timed entry ticket', type: 'time', caution: '' },
  time_span_id: 812,
  starts_at: '2026-12-01T01:00:00.000Z',
  ends_at: '2026-12-01T01:30:00.000Z',
  total_price: 3000,
  discount: 300,
  set_products: [],
  apple_wallet: false,
  tickets: [
    { id: 101, sequence: 1, option_name: 'Adult', status: 'valid', qr: 'KP1.101.a1b2c3' },
    { id: 102, sequence: 2, option_name: 'Adult', status: 'void', qr: '', refunded: true },
  ],
  return_notes: [{ number: 'HDEMO-000001', amount: 1350, issued_at: '2026-11-28T05:00:00.000Z' }],
});

const note = returnNoteResponseSchema.parse({
  note_number: 'HDEMO-000001',
  reservation_number: 'K7QX2M9P',
  lang: 'en',
  currency: 'JPY',
  issuer: { name: 'Kippu Demo Museum', registration_number: 'T1234567890123' },
  product_name: 'Timed entry ticket',
  starts_at: '2026-12-01T01:00:00.000Z',
  issued_at: '2026-11-28T05:00:00.000Z',
  receipt_number: 'RDEMO-000042',
  items: [{ name: 'Adult', sequence: 2, amount: 1350 }],
  amount: 1350,
  taxes: [{ rate_percent: 10, amount: 1350, tax: 122 }],
});

const routes = [
  { path: '/id/:reservationToken', element: <TicketScreen /> },
  { path: '/id/:reservationToken/receipt', element: <p>receipt screen</p> },
  { path: '/id/:reservationToken/return-notes/:number', element: <ReturnNoteScreen /> },
];

afterEach(() => vi.unstubAllGlobals());

describe('refunds on the ticket page', () => {
  it('shows a refunded ticket as refunded (no QR code), the refund and its return note beside the receipt', async () => {
    const user = userEvent.setup();
    useCoreStore.setState({ configuration: configuration() });
    fakeApi({ 'GET tickets/tok1': ok(partlyRefunded), 'GET return-notes/tok1/HDEMO-000001': ok(note) });
    await renderRoutes(routes, '/id/tok1');

    const codes = await screen.findByRole('list', { name: 'Tickets' });
    expect(within(codes).getAllByRole('img')).toHaveLength(1);
    expect(within(codes).getByText('Refunded: this ticket can no longer be used')).toBeTruthy();
    expect(within(codes).getByText('Refunded')).toBeTruthy();

    const refunds = screen.getByRole('region', { name: 'Refunds' });
    expect(within(refunds).getByText('¥1,350')).toBeTruthy();
    expect(within(refunds).getByRole('link', { name: 'Receipt' }).getAttribute('href')).toBe(
      '/id/tok1/receipt',
    );
    await user.click(within(refunds).getByRole('link', { name: 'Return note HDEMO-000001' }));

    expect((await screen.findByTestId('return-note-number')).textContent).toBe('HDEMO-000001');
    expect(screen.getByText('RDEMO-000042')).toBeTruthy();
    expect(screen.getByRole('row', { name: /Adult, ticket 2/ }).textContent).toContain('¥1,350');
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toContain(
      'return-notes/tok1/HDEMO-000001/pdf?lang=en',
    );
  });
});
