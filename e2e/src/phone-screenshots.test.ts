import { mkdir, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import {
  PHONE_VIEWPORT,
  describe,
  expect,
  expectHtmlLang,
  expectNoAxeViolations,
  openPage,
  skipBrowserSuites,
  test,
} from './fixtures.ts';

/** Git-ignored; for people to look at, not compared pixel by pixel. */
const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));

const PHONE = { viewport: PHONE_VIEWPORT, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

async function saveScreenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = `${SCREENSHOT_DIR}${name}.png`;
  await page.screenshot({ path, fullPage: true });
  expect((await stat(path)).size).toBeGreaterThan(1_000);
}

/** Nothing may stick out sideways at phone width (a horizontal scroll bar is a layout bug). */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

const SCREENS = [
  { name: '/borderless/ in Japanese', path: '/borderless/', lang: 'ja', file: 'borderless-ja-375' },
  {
    name: '/lab-exhibition/ in English',
    path: '/lab-exhibition/?lang=en',
    lang: 'en',
    file: 'lab-exhibition-en-375',
  },
];

describe.skipIf(skipBrowserSuites)('phone-width screenshots', () => {
  test.for(SCREENS)('$name', async ({ path, lang, file }, { newPage }) => {
    const page = await newPage(PHONE);
    await openPage(page, path);
    await expectHtmlLang(page, lang);
    await page.getByTestId('language-picker').waitFor({ state: 'visible' });
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, file);
    await expectNoAxeViolations(page);
  });
});
