import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ticketResponseSchema } from '@kippu/contract/endpoints/ticket';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import TicketScreen from '../screens/ticket-screen.tsx';

const TOKEN = 'reservation-token-1';
const ticket = ticketResponseSchema.parse({
  reservation_number: 'K7QX2M9P',
  status: 'reserved',
  lang: 'ja',
  product: { name: 'Timed entry ticket', type: 'time', caution: '' },
  time_span_id: 812,
  starts_at: '2026-12-01T01:00:00.000Z',
  ends_at: '2026-12-01T01:30:00.000Z',
  total_price: 3000,
  discount: 0,
  set_products: [],
  apple_wallet: false,
  tickets: [{ id: 101, sequence: 1, option_name: 'Adult', status: 'valid', qr: 'KP1.101.a1b2c3' }],
});

afterEach(() => vi.unstubAllGlobals());

describe('add to calendar on the ticket page', () => {
  it('downloads the reservation .ics in the page language from the site API', async () => {
    fakeApi({ [`GET tickets/${TOKEN}`]: ok(ticket) });
    await renderRoutes([{ path: '/id/:reservationToken', element: <TicketScreen /> }], `/id/${TOKEN}`, 'ja');
    const link = await screen.findByRole('link', { name: 'カレンダーに追加' });
    expect(link.getAttribute('href')).toBe(`./api/v1/reservations/${TOKEN}/calendar.ics?lang=ja`);
    expect(link.hasAttribute('download')).toBe(true);
  });
});
