import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ticketQuery } from '../features/tickets/api/ticket-query.ts';
import { fakeApi, ok } from '../test/fake-api.ts';
import { prefetchRouteData } from './prefetch-route-data.ts';

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

  it('asks for nothing on other screens', () => {
    const api = fakeApi({});
    const queryClient = new QueryClient();
    for (const hash of ['', '#/order', '#/tickets/share/tok-1', '#/id/'])
      prefetchRouteData(queryClient, 'ja', hash);
    expect(api.calls).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
