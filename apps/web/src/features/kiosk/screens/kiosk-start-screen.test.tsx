import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { languages } from '../../../test/site-settings-fixture.ts';
import { useKioskStore } from '../../../shared/kiosk/kiosk-store.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import KioskStartScreen from './kiosk-start-screen.tsx';

const renderStart = (path = '/kiosk') =>
  renderRoutes(
    [
      { path: '/kiosk', element: <KioskStartScreen /> },
      { path: '/order', element: <p>order screen</p> },
    ],
    path,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  useKioskStore.getState().leave();
});

describe('the kiosk first screen', () => {
  it('on a paired kiosk offers the languages first and starts the purchase in the one touched', async () => {
    const user = userEvent.setup();
    useCoreStore.getState().set({ languages });
    const server = fakeApi({
      'GET kiosk/session': ok({ kiosk: true, device_name: 'Entrance tablet', payment_methods: [] }),
    });
    await renderStart();
    const english = await screen.findByTestId('kiosk-language-en');
    expect(screen.getAllByRole('button').length).toBe(languages.length);
    expect(useKioskStore.getState()).toMatchObject({ active: true, deviceName: 'Entrance tablet' });
    await user.click(english);
    expect(await screen.findByText('order screen')).toBeTruthy();
    expect(useCoreStore.getState().langCode).toBe('en');
    expect(server.calls[0]!.query.get('lang')).toBe('en');
  });

  it('tells a browser that is no kiosk to ask staff, and leaves kiosk mode', async () => {
    useKioskStore.getState().enter('Revoked tablet');
    fakeApi({ 'GET kiosk/session': ok({ kiosk: false }) });
    await renderStart('/kiosk?paired=0');
    expect((await screen.findByRole('alert')).textContent).toContain('pairing link has already been used');
    expect(screen.queryByTestId('kiosk-language-en')).toBeNull();
    expect(useKioskStore.getState().active).toBe(false);
  });
});
