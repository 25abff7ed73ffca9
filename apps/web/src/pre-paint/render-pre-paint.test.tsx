import { controlColour } from '@kippu/contract/console/settings-contrast';
import { render, screen } from '@testing-library/react';
import { createHashRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from '../app/layout/site-header.tsx';
import { createQueryClient, Providers } from '../app/providers.tsx';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { localeTexts } from '../test/locale-texts.ts';
import { testI18n } from '../test/render.tsx';
import { configuration, languages } from '../test/site-settings-fixture.ts';
import { renderPrePaint } from './render-pre-paint.tsx';

/**
 * React's generated ids differ between two renders, the DOM writes style attributes its own way
 * (`a: 1px;` where the server wrote `a:1px`), and the browser's React selects the option by property where
 * the server's markup says `selected` (checked on its own); nothing else may differ.
 */
const comparable = (html: string) =>
  html
    .replace(/ id="[^"]*"/g, '')
    .replace(/ selected=""/g, '')
    .replace(/ style="([^"]*)"/g, (_attribute, style: string) => ` style="${style.replace(/\s+|;$/g, '')}"`);

describe('renderPrePaint (ADR 037)', () => {
  const boot = {
    lang: 'th' as const,
    configuration: configuration(),
    langs: languages,
    texts: localeTexts('th'),
  };

  it("draws the header the app draws, in the page's language, inert until the app replaces it", async () => {
    const { root, title, theme } = await renderPrePaint(boot);
    const served = document.createElement('div');
    served.innerHTML = root;
    expect(served.querySelector('.app-shell')?.hasAttribute('inert')).toBe(true);
    expect(served.querySelector('[data-testid="site-logo-name"]')?.textContent).toBe(
      boot.configuration.settings.name.th,
    );
    expect(served.querySelector('select')?.value).toBe('th');
    expect(served.querySelector('.screen-hero')).not.toBeNull();

    useCoreStore.getState().set({ configuration: boot.configuration, languages, langCode: 'th' });
    const router = createHashRouter([{ path: '*', element: <SiteHeader /> }]);
    render(
      <Providers i18n={await testI18n('th')} queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    const header = await screen.findByRole('banner');
    expect(comparable(served.querySelector('header')!.outerHTML)).toBe(comparable(header.outerHTML));

    expect(title).toBe(boot.configuration.settings.pageTitle.th);
    expect(theme).toEqual({
      properties: {
        '--primary': boot.configuration.settings.theme.primary,
        '--on-primary': boot.configuration.settings.theme.onPrimary,
        '--accent': boot.configuration.settings.theme.accent,
        '--background': boot.configuration.settings.theme.background,
        '--control': controlColour(boot.configuration.settings.theme),
      },
      tone: expect.stringMatching(/^(dark|light)$/),
      themeColor: boot.configuration.settings.theme.primary,
    });
  });

  it("paints the site's uploaded header logo with its box, so the image loading later moves nothing (ADR 116)", async () => {
    const images = { headerLogoBlack: null, headerLogoWhite: '/site-images/abc.png', printLogo: null };
    const { root } = await renderPrePaint({ ...boot, configuration: configuration({ images }) });
    const served = document.createElement('div');
    served.innerHTML = root;
    const image = served.querySelector('header img');
    expect(image?.getAttribute('src')).toBe('/site-images/abc.png');
    expect(image?.getAttribute('alt')).toBe(boot.configuration.settings.name.th);
    expect([image?.getAttribute('width'), image?.getAttribute('height')]).toEqual(['140', '28']);
  });

  it("draws a demo site's banner above the header, so the header does not move down when the app takes over (review finding 21)", async () => {
    const served = document.createElement('div');
    served.innerHTML = (await renderPrePaint({ ...boot, configuration: { ...configuration(), mode: 'demo' } })).root;
    const banner = served.querySelector('.app-shell > [data-testid="demo-banner"]');
    expect(banner?.textContent).toBe(localeTexts('th').demo_banner_text);
    expect(banner?.nextElementSibling?.tagName).toBe('HEADER');
    served.innerHTML = (await renderPrePaint(boot)).root;
    expect(served.querySelector('[data-testid="demo-banner"]')).toBeNull();
  });
});
