import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { useBusyStore } from '../stores/busy-store.ts';
import { BusyNotice } from './busy-notice.tsx';

describe('BusyNotice', () => {
  afterEach(() => {
    act(() => useBusyStore.setState({ retryAt: null, waiting: 0, reason: 'busy' }));
  });

  it('says the site is busy while a 503 server busy call waits (ADR 034)', async () => {
    useBusyStore.getState().startWaiting(Date.now() + 3000, 'busy');
    await renderWithProviders(<BusyNotice />);
    expect((await screen.findByTestId('busy-notice')).textContent).toMatch(/^Many visitors right now/);
  });

  it('says the site is briefly unavailable while a 503 temporarily unavailable call waits (ADR 046)', async () => {
    useBusyStore.getState().startWaiting(Date.now() + 3000, 'unavailable');
    await renderWithProviders(<BusyNotice />, 'ja');
    expect((await screen.findByTestId('busy-notice')).textContent).toMatch(
      /^ただいま一時的にご利用いただけません。\d秒後に/,
    );
  });
});
