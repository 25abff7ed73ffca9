import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingSteps } from '../features/booking/steps/booking-steps.ts';
import { useKioskStore } from '../shared/kiosk/kiosk-store.ts';
import { renderRoutes } from '../test/render.tsx';
import { KioskFrame } from './kiosk-frame.tsx';

const routes = [
  {
    element: <KioskFrame />,
    children: [
      { path: '/kiosk', element: <p>picker</p> },
      { path: '/order', element: <p>order</p> },
    ],
  },
];

afterEach(() => {
  useKioskStore.getState().leave();
  document.documentElement.removeAttribute('data-kiosk');
});

describe('the kiosk frame', () => {
  it('leaves an ordinary page as it is: no mark, no idle reset', async () => {
    await renderRoutes(routes, '/order');
    expect(screen.getByText('order')).toBeTruthy();
    expect(document.documentElement.hasAttribute('data-kiosk')).toBe(false);
    expect(document.documentElement.dataset.kiosk).toBeUndefined();
  });

  it('on a kiosk marks the page (the kiosk stylesheet: larger type and touch targets, no footer)', async () => {
    useKioskStore.getState().enter('Entrance tablet');
    await renderRoutes(routes, '/kiosk');
    expect(screen.getByText('picker')).toBeTruthy();
    expect(document.documentElement.hasAttribute('data-kiosk')).toBe(true);
    useKioskStore.getState().leave();
    await vi.waitFor(() => expect(document.documentElement.hasAttribute('data-kiosk')).toBe(false));
  });

  it('skips member login and the customer-info step on a kiosk (no mail step)', () => {
    const settings = { isUseMembershipLogin: true, isOnlyStartMailConfirm: false };
    expect(bookingSteps(settings)).toEqual(['order', 'membership-login', 'sign-in', 'payment', 'confirm']);
    expect(bookingSteps({ ...settings, kiosk: true })).toEqual(['order', 'payment', 'confirm']);
  });
});
