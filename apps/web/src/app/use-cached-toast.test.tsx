import { act, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../shared/i18n/language-rules.ts';
import { leaveForGateway } from '../shared/payments/leave-for-gateway.ts';
import { resetCurrentSite } from '../shared/site/detect-site.ts';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { useToastStore } from '../shared/stores/toast-store.ts';
import { Toast } from '../shared/ui/toast.tsx';
import { renderRoutes } from '../test/render.tsx';
import { languages } from '../test/site-settings-fixture.ts';
import { useCachedToast } from './use-cached-toast.ts';

function Shell() {
  useCachedToast();
  return (
    <>
      <Toast />
      <Outlet />
    </>
  );
}
const routes = [
  {
    path: '/',
    element: <Shell />,
    children: [
      { path: 'payment', element: <p>payment</p> },
      { path: 'payment-callback/:paymentType/:status', element: <p>callback</p> },
      { path: 'payment-callback/gmo3ds', element: <p>callback</p> },
    ],
  },
];
const toastText = () => screen.getByTestId('toast').textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.getState().setToastText('');
});

/** The toast cache (spec §3/§4: "shown once on mount then removed"; issue 32, item 11). */
describe('the toast cache across a page load', () => {
  it('a language change: the reloaded page says so once, in the new language', async () => {
    resetCurrentSite('BORDERLESS');
    useCoreStore.setState({ languages, langCode: 'ja' });
    const reload = vi.fn();
    changeLanguage('th', 'ja', reload);
    expect(reload).toHaveBeenCalledWith('th');

    // The page comes back in Thai.
    const { unmount } = await renderRoutes(routes, '/payment', 'th');
    await waitFor(() => expect(toastText()).toBe('เปลี่ยนภาษาเป็น ไทย แล้ว'));
    unmount();
    useToastStore.getState().setToastText('');
    // Shown once: the next load has nothing.
    await renderRoutes(routes, '/payment', 'th');
    expect(toastText()).toBe('');
  });

  it('Back from a gateway’s page without paying: the payment screen says the payment was not finished', async () => {
    resetCurrentSite('BORDERLESS');
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    leaveForGateway('https://gateway.example/3ds');
    await renderRoutes(routes, '/payment');
    await waitFor(() => expect(toastText()).toBe('Your payment was not finished. You can pay again here.'));
  });

  it('the same note brought back from the back-forward cache (no mount): shown on pageshow', async () => {
    resetCurrentSite('BORDERLESS');
    await renderRoutes(routes, '/payment');
    expect(toastText()).toBe('');
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    leaveForGateway('https://gateway.example/3ds');
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await waitFor(() => expect(toastText()).toBe('Your payment was not finished. You can pay again here.'));
  });

  it('back through the gateway’s return: the callback screen tells the outcome, the note is dropped', async () => {
    resetCurrentSite('BORDERLESS');
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    for (const path of ['/payment-callback/gmo3ds?md=1', '/payment-callback/paypay/success']) {
      leaveForGateway('https://gateway.example/3ds');
      const { unmount } = await renderRoutes(routes, path);
      await waitFor(() => expect(localStorage.getItem('kippu.BORDERLESS.toastCache')).toBeNull());
      expect(toastText()).toBe('');
      unmount();
    }
  });

  it('a note older than a hold is not shown', async () => {
    resetCurrentSite('BORDERLESS');
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    leaveForGateway('https://gateway.example/3ds', Date.now() - 31 * 60_000);
    await renderRoutes(routes, '/payment');
    await waitFor(() => expect(localStorage.getItem('kippu.BORDERLESS.toastCache')).toBeNull());
    expect(toastText()).toBe('');
  });
});
