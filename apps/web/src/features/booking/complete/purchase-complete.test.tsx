import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LangCode } from '@kippu/contract/enums';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { configuration } from '../../../test/site-settings-fixture.ts';
import CompleteScreen from '../screens/complete-screen.tsx';
import type { CompleteData } from '../../../shared/purchase/complete-data.ts';

const COMPLETE: CompleteData = {
  reservationNumber: 'K7QX2M9P',
  reservationToken: 'reservation-token-1',
  email: 'hanako@example.test',
  productName: 'Timed entry ticket',
  productType: 'time',
  startsAt: '2026-12-01T01:00:00.000Z',
  endsAt: '2026-12-01T01:30:00.000Z',
  ticketCount: 3,
  totalPrice: 9100,
  discount: 500,
};

async function renderComplete(showGoToTicketButton: boolean, lang: LangCode = 'en') {
  useCoreStore.setState({ configuration: configuration({ completePage: { showGoToTicketButton } }) });
  return renderRoutes([{ path: '/complete', element: <CompleteScreen /> }], '/complete', lang);
}

describe('the complete screen', () => {
  it('thanks the visitor with the reservation number, the address mailed and the way to the ticket', async () => {
    useCoreStore.setState({ completeData: { ...COMPLETE } });
    await renderComplete(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Booking complete' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Thank you for your purchase' })).toBeTruthy();
    expect(screen.getByText('Reservation number').nextSibling?.textContent).toBe('K7QX2M9P');
    expect(
      screen.getByText('We have sent a confirmation email with your tickets to hanako@example.test.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your tickets' }).getAttribute('href')).toBe(
      '/id/reservation-token-1',
    );
    expect(screen.getByText('Tue, Dec 01, 2026')).toBeTruthy();
    expect(screen.getByText('3 tickets')).toBeTruthy();
    expect(screen.getByText('Discount').nextSibling?.textContent).toBe('-¥500');
    expect(screen.getByText('Total paid').nextSibling?.textContent).toBe('¥9,100');
  });

  it('leaves the ticket button out where the site does not enable it', async () => {
    useCoreStore.setState({ completeData: { ...COMPLETE } });
    await renderComplete(false, 'ja');
    expect(screen.getByText('予約番号').nextSibling?.textContent).toBe('K7QX2M9P');
    expect(screen.queryByRole('link', { name: 'チケットを表示' })).toBeNull();
    expect(screen.getByRole('link', { name: 'チケットを追加購入' })).toBeTruthy();
  });

  it('says there is no recent purchase when nothing (or something malformed) is stored', async () => {
    useCoreStore.setState({ completeData: { reservationNumber: 42 } });
    await renderComplete(true);
    expect(screen.getByText(/There is no recent purchase in this browser/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find your booking' }).getAttribute('href')).toBe(
      '/reservation-inquiry',
    );
  });

  it("shows the member's price stored with the completion data (spec §3), apart from the coupons", async () => {
    useCoreStore.setState({
      completeData: { ...COMPLETE, discount: 1700 },
      membershipPromotion: { name: 'Friends', membership_discount: 1200 },
    });
    await renderComplete(true);
    expect(screen.getByText('Member discount: Friends').nextSibling?.textContent).toBe('-¥1,200');
    expect(screen.getByText('Discount').nextSibling?.textContent).toBe('-¥500');
  });

  it('shows no member line without a stored promotion', async () => {
    useCoreStore.setState({ completeData: { ...COMPLETE } });
    await renderComplete(true, 'ja');
    expect(screen.queryByTestId('complete-membership-promotion')).toBeNull();
    expect(screen.getByText('割引').nextSibling?.textContent).toBe('-500円');
  });
});
