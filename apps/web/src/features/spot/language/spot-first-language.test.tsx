import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spotStocksResponseSchema } from '@kippu/contract/endpoints/spot';
import { languageWasStored, noteLanguageStored } from '../../../shared/i18n/language-stored-at-start.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useSpotStore } from '../../../shared/stores/spot-store.ts';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { configuration, languages } from '../../../test/site-settings-fixture.ts';
import SpotScreen from '../screens/spot-screen.tsx';

/**
 * Issue 32's defect "the spot poster opens in Japanese on a Chinese phone" (ADR 110): the spot landing of a
 * browser with no language for the site asks for one first, in all six (start-up: app/bootstrap-browser-
 * language.test.ts).
 */

const stocks = spotStocksResponseSchema.parse({
  date: '2030-05-01',
  product: {
    uuid: '11111111-1111-4111-8111-111111111111',
    product_type: 'date',
    name: 'Day garden',
    description: '',
    caution: '',
    image_url: null,
    sale_channels: ['spot'],
    min_quantity: 1,
    max_quantity: 10,
    option_values: [{ id: 1, name: 'Adult', price: 2000, display_position: 0 }],
    display_position: 0,
  },
  slots: [],
  expires_at: '2030-08-01T00:00:00.000Z',
});
const ROUTES: RouteObject[] = [{ path: '/spot', element: <SpotScreen /> }];

describe('the spot landing’s language question (ADR 110)', () => {
  beforeEach(() => {
    useSpotStore.setState(useSpotStore.getInitialState(), true);
    useCoreStore.setState({ configuration: configuration(), languages });
    fakeApi({ 'GET spot/products/stocks': ok(stocks) });
  });
  afterEach(() => noteLanguageStored(true));

  it('asks a browser with no language for the site first, in all six, then shows the order', async () => {
    noteLanguageStored(false);
    await renderRoutes(ROUTES, '/spot?qr_token=qr-1');
    const choices = screen.getByRole('list', { name: 'Choose your language' });
    expect(choices.querySelectorAll('button')).toHaveLength(languages.length);
    expect(screen.getByText('请选择语言')).toBeTruthy();
    expect(screen.queryByText('Day garden')).toBeNull();
    // The page's own language goes on at once, without a reload.
    await userEvent.setup().click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByText('Day garden')).toBeTruthy();
    // Asked once: coming back to the landing (from /spot/products) does not ask again.
    expect(languageWasStored()).toBe(true);
  });

  it('goes straight to the order when a language was stored', async () => {
    noteLanguageStored(true);
    await renderRoutes(ROUTES, '/spot?qr_token=qr-1');
    expect(await screen.findByText('Day garden')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Choose your language' })).toBeNull();
  });
});
