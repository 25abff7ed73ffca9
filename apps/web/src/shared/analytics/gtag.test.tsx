import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { useCoreStore } from '../stores/core-store.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { configuration } from '../../test/site-settings-fixture.ts';
import { loadGatag } from './gtag.ts';
import { useTagManager } from './use-tag-manager.ts';

const GTAG = 'https://www.googletagmanager.com/gtag/js?id=G-KIPPU123';
const gtagScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[data-gtag]')];

function Probe() {
  useTagManager();
  return null;
}

afterEach(() => {
  for (const script of gtagScripts()) script.remove();
  delete window.dataLayer;
});

describe('loadGatag (issue 32 item 5)', () => {
  it('adds the gtag script once, its queue started with the measurement id the URL names', () => {
    expect(loadGatag(GTAG)).toBe(true);
    expect(loadGatag(GTAG)).toBe(false);
    expect(gtagScripts().map((script) => script.src)).toEqual([GTAG]);
    expect(window.dataLayer).toEqual([
      ['js', expect.any(Date)],
      ['config', 'G-KIPPU123'],
    ]);
  });

  it('refuses a URL off the script allow-list', () => {
    expect(loadGatag('https://evil.example/gtag.js')).toBe(false);
    expect(loadGatag('javascript:alert(1)')).toBe(false);
    expect(gtagScripts()).toEqual([]);
  });
});

describe('useTagManager and analytics.gatagKeyUrl', () => {
  it('loads nothing while the site sets no gtag URL, and the script once it does', async () => {
    useCoreStore.setState({ configuration: configuration() });
    await renderWithProviders(<Probe />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gtagScripts()).toEqual([]);
    act(() =>
      useCoreStore.setState({
        configuration: configuration({ analytics: { tagManagerId: null, gatagKeyUrl: GTAG } }),
      }),
    );
    await vi.waitFor(() => expect(gtagScripts().map((script) => script.src)).toEqual([GTAG]));
  });
});
