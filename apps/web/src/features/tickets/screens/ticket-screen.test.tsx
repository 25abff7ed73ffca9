import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LangCode } from '@kippu/contract/enums';
import { ticketResponseSchema, type TicketResponse } from '@kippu/contract/endpoints/ticket';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { fakeApi, ok, serverError } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { configuration } from '../../../test/site-settings-fixture.ts';
import TicketScreen from './ticket-screen.tsx';

const TOKEN = 'reservation-token-1';

/** The ticket call's answer, parsed by the contract: two adults and a child, 10:00–10:30 on 1 December 2026. */
function ticketData(overrides: Partial<TicketResponse> = {}): TicketResponse {
  return ticketResponseSchema.parse({
    reservation_number: 'K7QX2M9P',
    status: 'reserved',
    lang: 'en',
    product: { name: 'Timed entry ticket', type: 'time', caution: 'Re-entry is not allowed.' },
    time_span_id: 812,
    starts_at: '2026-12-01T01:00:00.000Z',
    ends_at: '2026-12-01T01:30:00.000Z',
    total_price: 9100,
    discount: 0,
    set_products: [{ name: 'Audio guide', quantity: 1 }],
    apple_wallet: false,
    tickets: [
      { id: 101, sequence: 1, option_name: 'Adult', status: 'valid', qr: 'KP1.101.a1b2c3' },
      { id: 102, sequence: 2, option_name: 'Adult', status: 'used', qr: 'KP1.102.d4e5f6' },
      { id: 103, sequence: 3, option_name: 'Child', status: 'valid', qr: 'KP1.103.g7h8i9' },
    ],
    ...overrides,
  });
}

async function renderTicket(displayType: 'fusion' | 'separate', lang: LangCode = 'en') {
  useCoreStore.setState({
    configuration: configuration({
      ticketDisplay: {
        displayType,
        headerColor: { pc: '#112233', sp: '#f2b134' },
        headerLogo: { pc: true, sp: false },
      },
    }),
  });
  return renderRoutes([{ path: '/id/:reservationToken', element: <TicketScreen /> }], `/id/${TOKEN}`, lang);
}

const QR_ALTS = [
  'QR code for Adult, ticket 1 of 3',
  'QR code for Adult, ticket 2 of 3',
  'QR code for Child, ticket 3 of 3',
];
/** Drawn QR codes: SVG images (a code that cannot be drawn is a role=img span without a src). */
const drawnCodes = async () => {
  await vi.waitFor(() => expect(document.querySelectorAll('img.qr-image')).toHaveLength(3));
  return screen.getAllByRole('img').filter((image) => image.tagName === 'IMG');
};

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.dataLayer;
});

describe('the ticket page', () => {
  it('fusion: one card with the product, date and time, types and one QR code per ticket', async () => {
    const server = fakeApi({ [`GET tickets/${TOKEN}`]: ok(ticketData()) });
    await renderTicket('fusion');
    const card = await screen.findByRole('article', { name: 'Timed entry ticket' });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    const inCard = within(card);
    expect(inCard.getByText('Tue, Dec 01, 2026')).toBeTruthy();
    expect(inCard.getByText('10:00 - 10:30')).toBeTruthy();
    expect(inCard.getByText('Adult × 2')).toBeTruthy();
    expect(inCard.getByText('Child × 1')).toBeTruthy();
    expect(inCard.getByText('K7QX2M9P')).toBeTruthy();

    const codes = await drawnCodes();
    expect(codes.map((image) => image.getAttribute('alt'))).toEqual(QR_ALTS);
    for (const image of codes) expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(card).getByRole('list', { name: 'Tickets' }).children).toHaveLength(3);
    expect(inCard.getAllByText('Valid')).toHaveLength(2);
    expect(inCard.getByText('Used')).toBeTruthy();
    expect(server.calls[0]!.query.get('lang')).toBe('en');
  });

  it('separate: a card per ticket, each with its own QR code and the site header colours', async () => {
    fakeApi({ [`GET tickets/${TOKEN}`]: ok(ticketData()) });
    await renderTicket('separate');
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Adult, ticket 1 of 3',
      'Adult, ticket 2 of 3',
      'Child, ticket 3 of 3',
    ]);
    await drawnCodes();
    expect(cards.map((card) => within(card).getAllByRole('img').length)).toEqual([1, 1, 1]);
    const header = cards[0]!.querySelector<HTMLElement>('.ticket-card__header')!;
    expect(header.style.getPropertyValue('--ticket-header-sp')).toBe('#f2b134');
    expect(header.style.getPropertyValue('--ticket-header-pc')).toBe('#112233');
    // A light band gets dark text, a dark one light text.
    expect(header.style.getPropertyValue('--ticket-on-header-sp')).toBe('#15151a');
    expect(header.style.getPropertyValue('--ticket-on-header-pc')).toBe('#ffffff');
    // The site name shows as the header logo on wide screens only (headerLogo: pc on, sp off).
    expect(within(cards[0]!).getByText('Harbour Light Museum (en)').className).toContain(
      'ticket-card__brand--no-sp',
    );
  });

  it('pushes ticket_view once for the reservation', async () => {
    fakeApi({ [`GET tickets/${TOKEN}`]: ok(ticketData()) });
    await renderTicket('fusion');
    await drawnCodes();
    expect(window.dataLayer?.filter((entry) => (entry as { event: string }).event === 'ticket_view')).toEqual(
      [expect.objectContaining({ reservation_number: 'K7QX2M9P', total_quantity: 3 })],
    );
  });

  it('shows the date in the visitor’s language and asks the server in it', async () => {
    const server = fakeApi({ [`GET tickets/${TOKEN}`]: ok(ticketData({ lang: 'ja' })) });
    await renderTicket('fusion', 'ja');
    expect(await screen.findByText('2026年12月01日(火)')).toBeTruthy();
    expect(screen.getByText('10:00 ~ 10:30')).toBeTruthy();
    expect(server.calls[0]!.query.get('lang')).toBe('ja');
    const codes = await drawnCodes();
    expect(codes[0]!.getAttribute('alt')).toBe('Adult 1枚目（全3枚）のQRコード');
  });

  it('shows no codes for a cancelled booking, and says why', async () => {
    fakeApi({ [`GET tickets/${TOKEN}`]: ok(ticketData({ status: 'cancelled' })) });
    await renderTicket('fusion');
    expect(
      await screen.findByText('This booking has been cancelled. Its tickets can no longer be used.'),
    ).toBeTruthy();
    expect(screen.queryAllByRole('img')).toEqual([]);
    expect(screen.getAllByText('This ticket can no longer be used')).toHaveLength(3);
    expect(screen.queryByText('Valid')).toBeNull();
  });

  it('links to sharing and sending while the booking is active', async () => {
    fakeApi({ [`GET tickets/${TOKEN}`]: ok(ticketData()) });
    await renderTicket('fusion');
    expect((await screen.findByRole('link', { name: 'Share tickets' })).getAttribute('href')).toBe(
      `/tickets/share/${TOKEN}`,
    );
    expect(screen.getByRole('link', { name: 'Send tickets' }).getAttribute('href')).toBe(
      `/tickets/send/${TOKEN}`,
    );
    expect(screen.getByRole('link', { name: 'Receipt' }).getAttribute('href')).toBe(`/id/${TOKEN}/receipt`);
  });

  it('offers an Apple Wallet pass per usable ticket only when the server can sign them', async () => {
    fakeApi({ [`GET tickets/${TOKEN}`]: ok(ticketData({ apple_wallet: true })) });
    await renderTicket('separate');
    const links = await screen.findAllByRole('link', { name: /to Apple Wallet$/ });
    // The used ticket (102) still shows its code, so it keeps its pass; every link names its ticket.
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      [
        'Add Adult, ticket 1 of 3 to Apple Wallet',
        `./api/v1/reservations/${TOKEN}/tickets/101/wallet.pkpass?lang=en`,
      ],
      [
        'Add Adult, ticket 2 of 3 to Apple Wallet',
        `./api/v1/reservations/${TOKEN}/tickets/102/wallet.pkpass?lang=en`,
      ],
      [
        'Add Child, ticket 3 of 3 to Apple Wallet',
        `./api/v1/reservations/${TOKEN}/tickets/103/wallet.pkpass?lang=en`,
      ],
    ]);
    expect(links[0]!.textContent).toBe('Add to Apple Wallet');
  });

  it('shows no Apple Wallet button when the server has no certificates', async () => {
    fakeApi({ [`GET tickets/${TOKEN}`]: ok(ticketData({ apple_wallet: false })) });
    await renderTicket('fusion');
    await drawnCodes();
    expect(screen.queryByRole('link', { name: /Apple Wallet/ })).toBeNull();
  });

  it('offers no sharing or sending for a cancelled booking', async () => {
    fakeApi({ [`GET tickets/${TOKEN}`]: ok(ticketData({ status: 'cancelled' })) });
    await renderTicket('fusion');
    await screen.findByRole('button', { name: 'Print tickets' });
    expect(screen.queryByRole('link', { name: 'Share tickets' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Send tickets' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Receipt' })).toBeNull();
  });

  it('says a ticket was not found without an error dialog', async () => {
    fakeApi({ [`GET tickets/${TOKEN}`]: serverError('record_not_found') });
    await renderTicket('fusion');
    expect(
      await screen.findByText(
        'We could not find this ticket. Please check the link in your confirmation email.',
      ),
    ).toBeTruthy();
    expect(useDialogStore.getState().dialogs).toEqual([]);
    expect(screen.getByRole('link', { name: 'Find your booking' })).toBeTruthy();
  });
});
