import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCoreStore } from '../../shared/stores/core-store.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { configuration } from '../../test/site-settings-fixture.ts';
import DemoBanner from './demo-banner.tsx';

/** Mode `demo` (spec §1, `configuration.mode`; issue 32, item 9): the site says it takes no real payments. */
describe('the demo banner', () => {
  it('a site in demo mode says so, in the page’s language', async () => {
    useCoreStore.setState({ configuration: { ...configuration(), mode: 'demo' } });
    const { unmount } = await renderWithProviders(<DemoBanner />, 'en');
    expect(screen.getByRole('note').textContent).toBe('This is a demo site: no real payments are taken.');
    unmount();
    await renderWithProviders(<DemoBanner />, 'th');
    expect(screen.getByRole('note').textContent).toBe('นี่คือเว็บไซต์สาธิต ไม่มีการชำระเงินจริง');
  });

  it('a site in no mode, or in reconnect mode, shows none', async () => {
    for (const mode of [null, 'reconnect'] as const) {
      useCoreStore.setState({ configuration: { ...configuration(), mode } });
      const { unmount } = await renderWithProviders(<DemoBanner />);
      expect(screen.queryByTestId('demo-banner')).toBeNull();
      unmount();
    }
  });
});
