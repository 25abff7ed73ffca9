import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ticketQuery } from '../features/tickets/api/ticket-query.ts';
import TicketScreen from '../features/tickets/screens/ticket-screen.tsx';
import { useDialogStore } from '../shared/stores/dialog-store.ts';
import { fakeApi, ok } from '../test/fake-api.ts';
import { testI18n } from '../test/render.tsx';
import { prefetchRouteData } from './prefetch-route-data.ts';
import { createQueryClient, Providers } from './providers.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('prefetchRouteData', () => {
  it("asks for the ticket page's data under the key its screen reads", async () => {
    const api = fakeApi({ 'GET tickets/tok-1': ok({ reservation_number: 'K7QX2M9P' }) });
    const queryClient = new QueryClient();
    prefetchRouteData(queryClient, 'th', '#/id/tok-1?from=mail');
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(ticketQuery('tok-1', 'th').queryKey)).toEqual({
        reservation_number: 'K7QX2M9P',
      }),
    );
    expect(api.calls.map((call) => `${call.path}?${call.query.toString()}`)).toEqual([
      'tickets/tok-1?lang=th',
    ]);
  });

  it('reports a failed early load once: the ticket screen then offers its retry without asking again', async () => {
    const api = fakeApi({ 'GET tickets/tok-1': { status: 500, body: {} } });
    const queryClient = createQueryClient();
    prefetchRouteData(queryClient, 'en', '#/id/tok-1');
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(ticketQuery('tok-1', 'en').queryKey)?.status).toBe('error'),
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
    expect(api.calls).toHaveLength(1);
    expect(useDialogStore.getState().dialogs).toHaveLength(1);
  });

  it('asks for nothing on other screens', () => {
    const api = fakeApi({});
    const queryClient = new QueryClient();
    for (const hash of ['', '#/order', '#/tickets/share/tok-1', '#/id/'])
      prefetchRouteData(queryClient, 'ja', hash);
    expect(api.calls).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
