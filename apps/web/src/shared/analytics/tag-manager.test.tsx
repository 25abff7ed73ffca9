import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { useCoreStore } from '../stores/core-store.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { configuration } from '../../test/site-settings-fixture.ts';
import { loadTagManager } from './tag-manager.ts';
import { useTagManager } from './use-tag-manager.ts';

const tagScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[data-tag-manager]')];

function TagManagerProbe() {
  useTagManager();
  return null;
}

afterEach(() => {
  for (const script of tagScripts()) script.remove();
  delete window.dataLayer;
});

describe('loadTagManager', () => {
  it('adds the container script once, after its start entry', () => {
    expect(loadTagManager('GTM-5XKQ2R7')).toBe(true);
    expect(loadTagManager('GTM-5XKQ2R7')).toBe(false);
    expect(tagScripts().map((script) => script.src)).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-5XKQ2R7',
    ]);
    expect(tagScripts()[0]!.async).toBe(true);
    expect(window.dataLayer).toEqual([{ event: 'gtm.js', 'gtm.start': expect.any(Number) }]);
  });

  it('refuses an id that is not a container id', () => {
    expect(loadTagManager('GTM-1"><script>')).toBe(false);
    expect(loadTagManager('UA-12345-1')).toBe(false);
    expect(tagScripts()).toEqual([]);
  });
});

describe('useTagManager', () => {
  it('loads nothing while the site configures no id', async () => {
    useCoreStore.setState({ configuration: configuration() });
    await renderWithProviders(<TagManagerProbe />);
    // Give a (wrong) dynamic import the time it would need to land.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tagScripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
  });

  it("loads the site's container once the configuration names one", async () => {
    await renderWithProviders(<TagManagerProbe />);
    expect(tagScripts()).toEqual([]);
    act(() =>
      useCoreStore.setState({
        configuration: configuration({ analytics: { tagManagerId: 'GTM-ABC1234', gatagKeyUrl: null } }),
      }),
    );
    await vi.waitFor(() =>
      expect(tagScripts().map((script) => script.dataset.tagManager)).toEqual(['GTM-ABC1234']),
    );
  });
});
