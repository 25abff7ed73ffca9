import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ticketResponseSchema } from '@kippu/contract/endpoints/ticket';
import { ticketQuery } from '../features/tickets/api/ticket-query.ts';
import TicketScreen from '../features/tickets/screens/ticket-screen.tsx';
import { useDialogStore } from '../shared/stores/dialog-store.ts';
import { fakeApi, ok } from '../test/fake-api.ts';
import { testI18n } from '../test/render.tsx';
import { siteSettings } from '../test/site-settings-fixture.ts';
import { prefetchRouteData } from './prefetch-route-data.ts';
import { createQueryClient, Providers } from './providers.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The same wait as Testing Library's findBy in this project (test/setup.ts). */
const ASYNC_WAIT_MS = 8_000;

describe('prefetchRouteData', () => {
  it("asks for the ticket page's ticket alone, under the key its screen reads", async () => {
    // A whole answer: the client checks answers against the contract in tests (ADR 050).
    const ticket = ticketResponseSchema.parse({
      reservation_number: 'K7QX2M9P',
      status: 'reserved',
      lang: 'th',
      product: { name: 'Timed entry ticket', type: 'time', caution: '' },
      time_span_id: 812,
      starts_at: '2026-12-01T01:00:00.000Z',
      ends_at: '2026-12-01T01:30:00.000Z',
      total_price: 2000,
      discount: 0,
      set_products: [],
      apple_wallet: false,
      tickets: [{ id: 101, sequence: 1, option_name: 'Adult', status: 'valid', qr: 'KP1.101.a1b2c3' }],
    });
    const api = fakeApi({ 'GET tickets/tok-1': ok(ticket) });
    const queryClient = new QueryClient();
    prefetchRouteData(queryClient, 'th', '#/id/tok-1?from=mail', siteSettings());
    // vi.waitFor gives up after 1 s, not the setup's 8 s: the first answer is checked against the contract
    // (its modules' first use), which took longer than 1 s on a busy machine (review finding 22).
    await vi.waitFor(
      () =>
        expect(queryClient.getQueryData(ticketQuery('tok-1', 'th').queryKey)).toMatchObject({
          reservation_number: 'K7QX2M9P',
        }),
      { timeout: ASYNC_WAIT_MS },
    );
    // The layout's calls go out once the page has painted (app/use-site-data.ts), not before its QR codes.
    expect(api.calls.map((call) => `${call.path}?${call.query.toString()}`)).toEqual([
      'tickets/tok-1?lang=th',
    ]);
  });

  it('reports a failed early load once: the ticket screen then offers its retry without asking again', async () => {
    const api = fakeApi({
      'GET tickets/tok-1': { status: 500, body: {} },
      'GET paymentmethods': ok([]),
      'GET products': ok([]),
    });
    const queryClient = createQueryClient();
    prefetchRouteData(queryClient, 'en', '#/id/tok-1', siteSettings());
    await vi.waitFor(
      () => expect(queryClient.getQueryState(ticketQuery('tok-1', 'en').queryKey)?.status).toBe('error'),
      { timeout: ASYNC_WAIT_MS },
    );
    const i18n = await testI18n('en');
    const router = createMemoryRouter([{ path: '/id/:reservationToken', element: <TicketScreen /> }], {
      initialEntries: ['/id/tok-1'],
    });
    render(
      <Providers i18n={i18n} queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>,
    );
    await screen.findByRole('button', { name: i18n.t('ticket_retry') });
    expect(api.calls.filter((call) => call.path === 'tickets/tok-1')).toHaveLength(1);
    expect(useDialogStore.getState().dialogs).toHaveLength(1);
  });

  it("asks for a fresh order form's calls on the order screen, in the site's order procedure", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-30T16:00:00Z'), toFake: ['Date'] }); // 1 December in Tokyo
    const api = fakeApi({ 'GET products': ok([]) });
    const dateFirst = siteSettings({
      layout: { orderProcedure: 'selectDateBeforeProduct' },
      calendar: { colorized: true },
    });
    for (const hash of ['', '#/', '#/order'])
      await prefetchRouteData(new QueryClient(), 'ja', hash, dateFirst);
    await prefetchRouteData(
      new QueryClient(),
      'en',
      '#/order',
      siteSettings({ layout: { orderProcedure: 'selectProductBeforeDate' }, calendar: { colorized: false } }),
    );
    vi.useRealTimers();
    const seen = api.calls.map((call) => `${call.path}?${call.query.toString()}`);
    const dateFirstCalls = [
      'calendar/colors?from=2026-12-01&to=2026-12-31',
      'paymentmethods?lang=ja&channel=web',
      'products/stocks-statuses?from=2026-12-01&to=2026-12-31',
      'products?lang=ja',
    ];
    expect(seen.slice(0, 12).sort()).toEqual(
      [...dateFirstCalls, ...dateFirstCalls, ...dateFirstCalls].sort(),
    );
    expect(seen.slice(12).sort()).toEqual(['paymentmethods?lang=en&channel=web', 'products?lang=en']);
  });

  it('asks for no calendar on a return (?ref=c) or where the site starts with the mail confirmation', async () => {
    const api = fakeApi({});
    const dateFirst = siteSettings({
      layout: { orderProcedure: 'selectDateBeforeProduct' },
      calendar: { colorized: true },
    });
    await prefetchRouteData(new QueryClient(), 'ja', '#/order?ref=c', dateFirst);
    await prefetchRouteData(new QueryClient(), 'ja', '#/', { ...dateFirst, isOnlyStartMailConfirm: true });
    expect(new Set(api.calls.map((call) => call.path))).toEqual(new Set(['paymentmethods', 'products']));
  });

  it("asks only for the layout's data on other screens, and resolves when a call fails", async () => {
    const api = fakeApi({ 'GET products': { status: 500, body: {} } });
    const queryClient = createQueryClient();
    for (const hash of ['#/payment', '#/tickets/share/tok-1', '#/id/'])
      await prefetchRouteData(queryClient, 'ja', hash, siteSettings());
    expect(new Set(api.calls.map((call) => call.path))).toEqual(new Set(['paymentmethods', 'products']));
    expect(queryClient.getQueryState(['products', 'ja'])?.status).toBe('error');
  });
});
