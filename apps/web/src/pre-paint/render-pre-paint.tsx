import { renderToStaticMarkup } from 'react-dom/server';
import type { PrePaint } from '@kippu/contract/pre-paint';
import { I18nextProvider } from 'react-i18next';
import { createPath, Router, type Navigator } from 'react-router';
import { DemoBannerView } from '../features/demo-mode/demo-banner.tsx';
import { ScreenPlaceholder } from '../app/layout/screen-placeholder.tsx';
import { pageTitle } from '../app/page-title.ts';
import { SiteHeaderView } from '../app/layout/site-header.tsx';
import { siteTheme } from '../app/site-theme.ts';
import { createI18n } from '../shared/i18n/i18n.ts';
import type { BootData } from '../shared/site/boot-data.ts';

const ignore = () => undefined;
/** Links as the app's hash router writes them (`#/`); nothing navigates before the app takes over. */
const hashLinks: Navigator = {
  createHref: (to) => `#${typeof to === 'string' ? to : createPath(to)}`,
  go: ignore,
  push: ignore,
  replace: ignore,
};

/**
 * The page's first paint, made on the server from the page's boot data (ADR 037): the layout's header and
 * the screen placeholder (and a demo site's banner), as the app draws them before its screen has loaded. The site's name is the
 * largest paint of most screens, and a phone would otherwise show nothing until the scripts have loaded
 * and run. It is `inert` (not focusable, not clickable) until the app replaces it, because nothing in it
 * works before then. Built by `vite build -c vite.pre-paint.config.ts` for Node; the browser never loads it.
 */
export async function renderPrePaint(boot: BootData & { texts: Record<string, string> }): Promise<PrePaint> {
  const { settings } = boot.configuration;
  const i18n = await createI18n(boot.lang, boot.texts);
  const root = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Router location="/" navigator={hashLinks}>
        <div className="app-shell" inert>
          {boot.configuration.mode === 'demo' ? <DemoBannerView /> : null}
          <SiteHeaderView
            lang={boot.lang}
            settings={settings}
            languages={boot.langs}
            onLanguageChange={() => undefined}
          />
          <main className="app-main">
            <div className="route-fade">
              <ScreenPlaceholder />
            </div>
          </main>
        </div>
      </Router>
    </I18nextProvider>,
  );
  return { root, title: pageTitle(settings, boot.lang, i18n.t), theme: siteTheme(settings.theme) };
}
