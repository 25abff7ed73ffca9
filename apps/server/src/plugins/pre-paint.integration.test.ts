import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeWebBuild } from '../../test/fake-web-build.ts';
import { setupTestApp } from '../../test/helper.ts';

/**
 * A stand-in for the web build's server module (apps/web/dist-pre-paint/render-pre-paint.js, ADR 037) beside
 * a fake build: it draws the site's name in the page's language from the boot data it is given, or throws.
 */
function buildWithPrePaint(body: string): string {
  const dir = fakeWebBuild();
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="ja"><head><meta name="theme-color" content="#111111" />' +
      '<title>Kippu</title></head>' +
      '<body><div id="root"></div></body></html>',
  );
  const moduleDir = `${dir.replace(/\/$/, '')}-pre-paint`;
  mkdirSync(moduleDir, { recursive: true });
  writeFileSync(
    join(moduleDir, 'render-pre-paint.js'),
    `export async function renderPrePaint(boot) {${body}}`,
  );
  return dir;
}

describe("the page's first paint (ADR 037)", () => {
  describe('with the web build’s server module', () => {
    const ctx = setupTestApp(
      {},
      {
        webDistDir: buildWithPrePaint(`
          const { name, theme } = boot.configuration.settings;
          return {
            root: '<header class="site-header">' + name[boot.lang] + '</header>',
            title: name[boot.lang] + ' & <tickets>',
            theme: {
              properties: { '--primary': theme.primary, '--background': theme.background },
              tone: 'dark',
              themeColor: theme.primary,
            },
          };`),
      },
    );

    it("puts the header drawn from the page's boot data into #root, in the page's language", async () => {
      const ja = await ctx.app.inject({ method: 'GET', url: '/borderless/' });
      const configuration = (
        await ctx.app.inject({ method: 'GET', url: '/borderless/api/v1/configurations' })
      ).json() as {
        settings: { name: Record<string, string>; theme: { primary: string; background: string } };
      };
      const { name, theme } = configuration.settings;
      expect(ja.body).toContain(`<div id="root"><header class="site-header">${name.ja}</header></div>`);
      const en = await ctx.app.inject({ method: 'GET', url: '/borderless/?lang=en' });
      expect(en.body).toContain(`<div id="root"><header class="site-header">${name.en}</header></div>`);

      // The site's colours are on <html> and in the browser's theme colour from the start.
      expect(ja.body).toContain(
        `<html lang="ja" style="--primary:${theme.primary};--background:${theme.background}" data-tone="dark">`,
      );
      expect(ja.body).toContain(`<meta name="theme-color" content="${theme.primary}" />`);
      // The document's title, escaped as text.
      expect(en.body).toContain(`<title>${name.en} &amp; &lt;tickets&gt;</title>`);
    });
  });

  describe('when the first paint cannot be made', () => {
    const ctx = setupTestApp({}, { webDistDir: buildWithPrePaint(`throw new Error('broken build');`) });

    it('serves the page with its boot data and an empty #root, for the app to paint', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/borderless/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<script id="kippu-boot" type="application/json">');
      expect(res.body).toContain('<html lang="ja">');
    });
  });
});
