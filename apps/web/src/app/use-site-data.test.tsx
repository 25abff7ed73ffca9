import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { fakeApi, ok } from '../test/fake-api.ts';
import { renderWithProviders } from '../test/render.tsx';
import { SiteData } from './use-site-data.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('root')?.remove();
});

describe('SiteData: the layout data of every screen (spec §2 "On load")', () => {
  it('asks for payment methods and products once the first screen has painted, and keeps them', async () => {
    // The server's first paint is in the page, so the first frame has something to paint.
    const root = document.body.appendChild(document.createElement('div'));
    root.id = 'root';
    root.append(document.createElement('header'));
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const api = fakeApi({
      'GET paymentmethods': ok([{ id: 1, name: 'Card' }]),
      'GET products': ok([{ id: 7, name: 'Entry' }]),
    });
    await renderWithProviders(<SiteData />, 'en');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(api.calls.map((call) => call.path)).not.toContain('products');
    expect(api.calls.map((call) => call.path)).not.toContain('paymentmethods');

    await act(async () => frames.splice(0).forEach((frame) => frame(performance.now())));
    await waitFor(() => expect(useCoreStore.getState().productList).toEqual([{ id: 7, name: 'Entry' }]));
    expect(useCoreStore.getState().paymentMethods).toEqual([{ id: 1, name: 'Card' }]);
  });
});
