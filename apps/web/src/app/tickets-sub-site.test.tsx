import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCurrentSite } from '../shared/site/detect-site.ts';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { configuration } from '../test/site-settings-fixture.ts';
import { isTicketRoute, ticketsSubSiteTarget } from './tickets-sub-site.ts';
import { useTicketsSubSite } from './use-tickets-sub-site.ts';

const at = (pathname: string) => ({ origin: 'https://tickets.example', pathname });

describe('ticket routes (spec §2 "Ticket pages")', () => {
  it('are the /tickets/... and /id/... routes only', () => {
    for (const route of [
      '/tickets/abc',
      '/tickets/share/abc',
      '/tickets/changedate/abc',
      '/id/abc',
      '/id/abc/receipt',
    ])
      expect(isTicketRoute(route), route).toBe(true);
    for (const route of ['/', '/order', '/privacy', '/reservation-inquiry', '/identity', '/ticketsx'])
      expect(isTicketRoute(route), route).toBe(false);
  });
});

describe('the tickets sub-site target', () => {
  it("sends a ticket route on the main site to the site's tickets folder with the hash route", () => {
    expect(ticketsSubSiteTarget(at('/mori/'), '/id/abc?lang=en', 'MORI')).toBe(
      'https://tickets.example/mori/tickets/#/id/abc?lang=en',
    );
    expect(ticketsSubSiteTarget(at('/mori/index.html'), '/tickets/share/abc', 'MORI')).toBe(
      'https://tickets.example/mori/tickets/#/tickets/share/abc',
    );
  });

  it('keeps an optional base folder in front of the site', () => {
    expect(ticketsSubSiteTarget(at('/app/lab-exhibition/'), '/id/abc', 'LAB_EXHIBITION')).toBe(
      'https://tickets.example/app/lab-exhibition/tickets/#/id/abc',
    );
    expect(ticketsSubSiteTarget(at('/app/lab-exhibition/tickets/'), '/order', 'LAB_EXHIBITION')).toBe(
      'https://tickets.example/app/lab-exhibition/#/order',
    );
  });

  it('sends a non-ticket route on the tickets sub-site back to the main site', () => {
    expect(ticketsSubSiteTarget(at('/mori/tickets/'), '/', 'MORI')).toBe('https://tickets.example/mori/#/');
  });

  it("returns from /tickets/ (the default site's sub-site) to the default site's own folder", () => {
    expect(ticketsSubSiteTarget(at('/tickets/'), '/privacy', 'BORDERLESS')).toBe(
      'https://tickets.example/borderless/#/privacy',
    );
  });

  it('stays where the route belongs', () => {
    expect(ticketsSubSiteTarget(at('/mori/'), '/order', 'MORI')).toBeNull();
    expect(ticketsSubSiteTarget(at('/mori/tickets/'), '/id/abc', 'MORI')).toBeNull();
    expect(ticketsSubSiteTarget(at('/tickets/'), '/id/abc', 'BORDERLESS')).toBeNull();
  });
});

function Probe({ go }: { go: (url: string) => void }) {
  useTicketsSubSite(go);
  return null;
}

function renderAt(route: string, go: (url: string) => void) {
  const router = createMemoryRouter([{ path: '*', element: <Probe go={go} /> }], { initialEntries: [route] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('moving between the main site and the tickets sub-site', () => {
  afterEach(() => resetCurrentSite());

  it('moves a ticket route to the sub-site outside production, once the configuration is known', async () => {
    resetCurrentSite('BORDERLESS');
    const go = vi.fn();
    const router = renderAt('/order', go);
    act(() => useCoreStore.setState({ configuration: configuration() }));
    expect(go).not.toHaveBeenCalled();
    await act(() => router.navigate('/id/abc'));
    expect(go).toHaveBeenCalledExactlyOnceWith(`${window.location.origin}/tickets/#/id/abc`);
  });

  it('waits for the configuration before moving', () => {
    const go = vi.fn();
    renderAt('/id/abc', go);
    expect(go).not.toHaveBeenCalled();
    act(() => useCoreStore.setState({ configuration: configuration() }));
    expect(go).toHaveBeenCalledOnce();
  });

  it('never moves in production', () => {
    useCoreStore.setState({ configuration: { ...configuration(), environment: 'production' } });
    const go = vi.fn();
    renderAt('/id/abc', go);
    expect(go).not.toHaveBeenCalled();
  });
});
