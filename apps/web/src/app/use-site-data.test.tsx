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
    // Whole answers: the client checks answers against the contract in tests (ADR 050).
    const methods = [{ payment_method_type: 'gmo', name: 'Card', display_position: 1 }];
    const products = [
      {
        uuid: '00000000-0000-4000-8000-000000000007',
        product_type: 'time',
        name: 'Entry',
        description: '',
        caution: '',
        image_url: null,
        sale_channels: ['web'],
        min_quantity: 1,
        max_quantity: 10,
        option_values: [{ id: 7, name: 'Adult', price: 2000, display_position: 1 }],
        display_position: 1,
      },
    ];
    const api = fakeApi({ 'GET paymentmethods': ok(methods), 'GET products': ok(products) });
    await renderWithProviders(<SiteData />, 'en');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(api.calls.map((call) => call.path)).not.toContain('products');
    expect(api.calls.map((call) => call.path)).not.toContain('paymentmethods');

    await act(async () => frames.splice(0).forEach((frame) => frame(performance.now())));
    await waitFor(() => expect(useCoreStore.getState().productList).toEqual(products));
    expect(useCoreStore.getState().paymentMethods).toEqual(methods);
  });
});
