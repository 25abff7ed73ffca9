import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketResponse } from '@kippu/contract/endpoints/ticket';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import KioskTicketsScreen from './kiosk-tickets-screen.tsx';

// Cast: the ticket's refund fields (ADR 076) default on parse; this answer is the server's JSON.
const ticket = {
  reservation_number: 'K-0001',
  status: 'reserved',
  lang: 'en',
  product: { name: 'Timed entry ticket', type: 'time', caution: '' },
  time_span_id: 43,
  starts_at: '2026-11-29T10:00:00+09:00',
  ends_at: '2026-11-29T11:00:00+09:00',
  total_price: 3000,
  discount: 0,
  set_products: [],
  tickets: [
    { id: 1, sequence: 1, option_name: 'Adult', status: 'valid', qr: 'K1.1.ABC.DEF', refunded: false },
    { id: 2, sequence: 2, option_name: 'Adult', status: 'valid', qr: 'K1.2.ABC.DEF', refunded: false },
  ],
  return_notes: [],
  apple_wallet: false,
} as TicketResponse;

const renderTickets = () =>
  renderRoutes(
    [{ path: '/kiosk/tickets/:reservationToken', element: <KioskTicketsScreen /> }],
    '/kiosk/tickets/r1',
  );

afterEach(() => vi.unstubAllGlobals());

describe('the kiosk tickets screen', () => {
  it("shows this visit's purchase as QR codes to photograph, with print and done", async () => {
    useCoreStore.getState().set({ completeData: { reservationToken: 'r1' } });
    fakeApi({ 'GET tickets/r1': ok(ticket) });
    await renderTickets();
    expect((await screen.findByTestId('kiosk-reservation-number')).textContent).toBe('K-0001');
    expect(screen.getAllByRole('img', { name: /QR code for Adult/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it("never shows an earlier visitor's tickets from the tablet's history", async () => {
    const server = fakeApi({ 'GET tickets/r1': ok(ticket) });
    await renderTickets();
    expect((await screen.findByRole('alert')).textContent).toContain('nothing to show');
    expect(screen.queryByRole('img')).toBeNull();
    expect(server.calls).toHaveLength(0);
  });
});
