import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import pg from 'pg';
import { inject } from 'vitest';
import { describe, expect, expectNoAxeViolations, openPage, skipBrowserSuites, test } from './fixtures.ts';
import { saveScreenshot } from './screenshots.ts';

/** A site no other journey looks at the header of; its logo is the black variant (a light header). */
const SITE = 'CANCANFACTORY';
const SLUG = 'cancanfactory';
/** The seeded boxes (seed/site-settings.ts, ADR 116): sp below 48rem, pc above. */
const BOX = { sp: { width: 200, height: 24 }, pc: { width: 440, height: 36 } };

async function query(text: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * A stand-in wordmark as staff would upload it (a wide, transparent PNG of the venue's name), drawn by the
 * browser itself: no artwork file in the repository, no real brand.
 */
async function drawnUpload(page: Page): Promise<Buffer> {
  await page.setViewportSize({ width: 600, height: 120 });
  await page.setContent(
    `<body style="margin:0;background:transparent">
       <div style="display:flex;align-items:center;gap:16px;height:120px;font:800 64px system-ui,sans-serif;color:#4e342e">
         <svg width="96" height="96" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#d84315"/>
           <path d="M9 12h14v6a7 7 0 0 1-14 0z" fill="#fff"/></svg>CANCAN
       </div></body>`,
  );
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: 600, height: 120 } });
}

/** Stores the image as the console's upload does (ADR 071) and points the site's black header logo at it. */
async function uploadHeaderLogo(png: Buffer): Promise<string> {
  const sha256 = createHash('sha256').update(png).digest('hex');
  await query(
    `INSERT INTO site_images (sha256, mime, content, byte_size, width, height, site_code)
     VALUES ($1, 'image/png', $2, $3, 600, 120, $4) ON CONFLICT (sha256) DO NOTHING`,
    [sha256, png.toString('base64'), png.length, SITE],
  );
  const url = `/site-images/${sha256}.png`;
  await setHeaderLogo(url);
  return url;
}

async function setHeaderLogo(url: string | null): Promise<void> {
  await query(
    `UPDATE sites SET settings = jsonb_set(settings, '{images}',
       coalesce(settings->'images', '{"headerLogoWhite": null, "printLogo": null}'::jsonb)
       || jsonb_build_object('headerLogoBlack', $2::text)) WHERE code = $1`,
    [SITE, url],
  );
}

async function logoBox(page: Page) {
  const image = page.getByRole('banner').locator('img.site-logo__image');
  const box = await image.boundingBox();
  expect(box).not.toBeNull();
  return { width: box!.width, height: box!.height, x: box!.x, y: box!.y };
}

/**
 * Issue 32 (acceptance 1, ADR 116): the header draws the logo staff uploaded for the site's variant, named by
 * the localized site name, in the box settings.logo gives (sp on a phone, pc on a desktop), already in the
 * server's first paint and at the same place when the app takes over; the page's CSP admits it.
 * Screenshots: e2e/screenshots/header-logo/.
 */
describe.skipIf(skipBrowserSuites)("the header's uploaded logo", () => {
  test('is drawn in the sp box at 390 px and the pc box at 1280 px, in ja and en, without a shift', async ({
    newPage,
  }) => {
    const url = await uploadHeaderLogo(await drawnUpload(await newPage()));
    try {
      for (const [viewport, box] of [
        [{ width: 390, height: 844 }, BOX.sp],
        [{ width: 1280, height: 800 }, BOX.pc],
      ] as const) {
        for (const [lang, name] of [
          ['ja', 'キップ カンカン ファクトリー カフェ'],
          ['en', 'Kippu Can Can Factory Cafe'],
        ] as const) {
          const path = `/${SLUG}/?lang=${lang}#/`;
          // The served page is remade at most 10 s after a settings change (site-pages.ts).
          const painted = await newPage({ viewport, javaScriptEnabled: false });
          await expect
            .poll(
              async () => {
                await painted.goto(path);
                return painted.getByRole('banner').locator('img').count();
              },
              { timeout: 30_000, interval: 1_000 },
            )
            .toBe(1);
          const servedImage = painted.getByRole('img', { name });
          expect(await servedImage.getAttribute('src')).toBe(url);
          // The box is there before the image has loaded: the first paint's box is the setting's.
          expect(await logoBox(painted)).toMatchObject(box);

          const page = await newPage({ viewport });
          await openPage(page, path);
          const image = page.getByRole('banner').getByRole('img', { name });
          // Loaded from this origin (the CSP's img-src 'self' admits /site-images/...).
          await expect
            .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
            .toBe(600);
          expect(await logoBox(page)).toEqual(await logoBox(painted));
          expect(await page.getByTestId('site-logo-name').count()).toBe(0);
          await saveScreenshot(page, `header-logo/${lang}-${viewport.width}`, { wholePage: false });
          // The header's link is named by the image's alt (once: axe is the slow part of this test).
          if (lang === 'ja' && viewport.width === 390) await expectNoAxeViolations(page);
        }
      }
    } finally {
      await setHeaderLogo(null);
    }
  });

  test('without an upload, the drawn wordmark stays within the box width (long names wrap inside it)', async ({
    newPage,
  }) => {
    for (const [viewport, box] of [
      [{ width: 390, height: 844 }, BOX.sp],
      [{ width: 1280, height: 800 }, BOX.pc],
    ] as const) {
      for (const lang of ['ja', 'en'] as const) {
        const page = await newPage({ viewport });
        await openPage(page, `/borderless/?lang=${lang}#/`);
        const wordmark = page.getByRole('banner').locator('.site-logo');
        const drawn = await wordmark.boundingBox();
        expect(drawn!.width).toBeLessThanOrEqual(box.width);
        // The monogram is the box's height.
        expect((await wordmark.locator('svg').boundingBox())!.height).toBe(box.height);
        await saveScreenshot(page, `header-logo/drawn-${lang}-${viewport.width}`, { wholePage: false });
      }
    }
  });
});
