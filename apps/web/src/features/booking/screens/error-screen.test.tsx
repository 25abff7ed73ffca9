import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { configuration } from '../../../test/site-settings-fixture.ts';
import ErrorScreen from './error-screen.tsx';

const renderError = (lang: 'en' | 'ja' = 'en') =>
  renderRoutes([{ path: '*', element: <ErrorScreen /> }], '/error', lang);

describe('error page (spec §2 /error)', () => {
  it('says the booking could not continue and leads back to the ticket page', async () => {
    useCoreStore.setState({ configuration: configuration() });
    await renderError();
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(
      screen.getByText('Your booking could not continue. Please start again from the ticket page.'),
    ).toBeTruthy();
    expect(screen.getByRole('link').getAttribute('href')).toBe('/order');
  });

  it('on a mail-confirm-only site points to the invitation link instead of an order page it does not have', async () => {
    useCoreStore.setState({ configuration: configuration({ isOnlyStartMailConfirm: true }) });
    await renderError('ja');
    expect(screen.getByText(/ご招待メールのリンク/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
