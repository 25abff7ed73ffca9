import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../test/app-shell.tsx';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { languages } from '../../../test/site-settings-fixture.ts';
import { useKioskStore } from '../../../shared/kiosk/kiosk-store.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useSpotTokensStore } from '../../../shared/stores/spot-store.ts';
import { useTicketStore } from '../../../shared/stores/ticket-store.ts';
import KioskIdleGuard from './kiosk-idle-guard.tsx';

const routes = (reopenIn = vi.fn()) => [
  {
    path: '/order',
    element: (
      <>
        <KioskIdleGuard reopenIn={reopenIn} />
        <p>order screen</p>
      </>
    ),
  },
  { path: '/kiosk', element: <p>language picker</p> },
];

/** Lets the fake clock run, with React's updates and the promises they start settled inside act. */
const elapse = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** A visitor half-way through a purchase on the kiosk, with something in every store the app keeps. */
function visitInProgress() {
  useKioskStore.getState().enter('Entrance tablet');
  useCoreStore.getState().set({
    languages,
    defaultLangCode: 'en',
    langCode: 'en',
    orderToken: 'order-1',
    savedSignIn: { email: 'last.visitor@example.com' },
    completeData: { reservationNumber: 'R-1' },
  });
  useTicketStore.getState().set({ shareToken: 'share-1' });
  useSpotTokensStore.getState().addOrderToken('spot-1');
  localStorage.setItem('kippu.remembered', 'x');
  sessionStorage.setItem('something-else', 'y');
  const queryClient = createQueryClient();
  queryClient.setQueryData(['tickets', 'r1', 'en'], { reservation_number: 'R-1' });
  return queryClient;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useKioskStore.getState().leave();
  useTicketStore.setState(useTicketStore.getInitialState(), true);
  useSpotTokensStore.setState(useSpotTokensStore.getInitialState(), true);
});

describe('the kiosk idle reset', () => {
  it('counts the last 15 seconds down aloud, then clears every stored value and returns to the picker', async () => {
    const server = fakeApi({ 'DELETE orders/order-1': ok({ order_token: 'order-1', status: 'cancelled' }) });
    const queryClient = visitInProgress();
    expect(sessionStorage.length).toBeGreaterThan(0);
    await renderRoutes(routes(), '/order', 'en', queryClient);

    await elapse(44_000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await elapse(1_000);
    const dialog = screen.getByRole('alertdialog', { name: 'Are you still there?' });
    expect(dialog).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Starting over in 15 seconds');
    expect(screen.getByTestId('kiosk-idle-seconds').textContent).toBe('15');
    expect(document.activeElement?.textContent).toBe('Continue');
    await elapse(5_000);
    expect(screen.getByRole('status').textContent).toBe('Starting over in 10 seconds');
    expect(screen.getByTestId('kiosk-idle-seconds').textContent).toBe('10');

    await elapse(10_000);
    expect(screen.getByText('language picker')).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
    const core = useCoreStore.getState();
    expect([core.orderToken, core.savedSignIn, core.completeData]).toEqual([null, null, null]);
    expect(core.languages).toEqual(languages);
    expect(useTicketStore.getState().shareToken).toBeNull();
    expect(useSpotTokensStore.getState().orderTokens).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    // The left order's hold goes back at once; the device stays a kiosk (its cookie is the server's).
    expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE orders/order-1']);
    expect(useKioskStore.getState().active).toBe(true);
  });

  it('keeps the visit when the visitor continues or touches the screen', async () => {
    const server = fakeApi({});
    const queryClient = visitInProgress();
    await renderRoutes(routes(), '/order', 'en', queryClient);

    await elapse(30_000);
    fireEvent.pointerDown(document.body);
    await elapse(30_000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await elapse(15_000);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await elapse(40_000);
    expect(screen.getByText('order screen')).toBeTruthy();
    expect(useCoreStore.getState().orderToken).toBe('order-1');
    expect(server.calls).toHaveLength(0);
  });

  it('starts the next visitor in the site default language when the last one chose another', async () => {
    const server = fakeApi({ 'DELETE orders/order-1': ok({ order_token: 'order-1', status: 'cancelled' }) });
    const queryClient = visitInProgress();
    useCoreStore.getState().set({ defaultLangCode: 'ja', langCode: 'en' });
    const reopenIn = vi.fn();
    await renderRoutes(routes(reopenIn), '/order', 'en', queryClient);
    await elapse(45_000);
    fireEvent.click(screen.getByRole('button', { name: 'Start over now' }));
    expect(screen.getByText('language picker')).toBeTruthy();
    // The page load in the default language comes after the left hold's release (or 3 s at most).
    await elapse(3_000);
    expect(reopenIn).toHaveBeenCalledWith('ja');
    expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE orders/order-1']);
    expect(sessionStorage.length).toBe(0);
  });
});
