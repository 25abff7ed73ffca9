import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { PHONE_VIEWPORT, expect } from './fixtures.ts';

/** Git-ignored; for people to look at, not compared pixel by pixel. */
const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** A phone as the screenshots show it: 375×812 at twice the pixels, touch. */
export const PHONE: BrowserContextOptions = {
  viewport: PHONE_VIEWPORT,
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/**
 * Saves the page as e2e/screenshots/<name>.png (`name` may hold a folder, e.g. journey/ja-order): the whole
 * page from the top, or with `wholePage: false` only what the phone's screen shows (a dialog over the page).
 * The whole page is taken through a viewport as tall as the page rather than Playwright's fullPage, which
 * draws fixed and sticky parts (header, order bar, the hidden skip link) where the current scroll left
 * them, in the middle of the picture.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  { wholePage = true }: { wholePage?: boolean } = {},
): Promise<void> {
  const path = `${SCREENSHOT_DIR}${name}.png`;
  await mkdir(dirname(path), { recursive: true });
  // Headless Chromium draws frames only when asked, so an entrance animation (screen fade, dialog) can
  // still be at its first frames however long the test waited: screenshots show every animation's end.
  // A tall page in six languages can need the CJK and Thai fonts and a long first paint on a loaded machine:
  // more than a locator's 15 s, and nothing here is a timing check.
  const options = { path, animations: 'disabled', timeout: 60_000 } as const;
  const viewport = page.viewportSize()!;
  const pageHeight = wholePage
    ? await page.evaluate(() => {
        window.scrollTo({ top: 0, behavior: 'instant' });
        return document.documentElement.scrollHeight;
      })
    : 0;
  if (pageHeight > viewport.height) {
    await page.setViewportSize({ width: viewport.width, height: pageHeight });
    try {
      // The app's main is at least a screen tall (root-layout.css): in a screen as tall as the page it would
      // grow by the header's and footer's height and push them out of the picture, leaving an empty band
      // under the order bar. A page taller than the phone's screen never meets that minimum on the phone.
      await page.screenshot({ ...options, style: '.app-main { min-height: 0 !important; }' });
    } finally {
      await page.setViewportSize(viewport);
    }
  } else {
    await page.screenshot(options);
  }
  expect((await stat(path)).size).toBeGreaterThan(1_000);
}

/** Nothing may stick out sideways at the page's (phone) width (a horizontal scroll bar is a layout bug). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const viewport = page.viewportSize()?.width ?? PHONE_VIEWPORT.width;
  expect(width, `page width of ${page.url()}`).toBeLessThanOrEqual(viewport);
}
