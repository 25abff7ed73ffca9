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

describe.skipIf(skipBrowserSuites)('phone-width screenshots', () => {
  test('/borderless/ in Japanese', async ({ newPage }) => {
    const page = await newPage(PHONE);
    await openPage(page, '/borderless/');
    await expectHtmlLang(page, 'ja');
    await page.getByTestId('language-picker').waitFor({ state: 'visible' });
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, 'borderless-ja-375');
    await expectNoAxeViolations(page);
  });

  test('/lab-exhibition/ in English', async ({ newPage }) => {
    const page = await newPage(PHONE);
    await openPage(page, '/lab-exhibition/?lang=en');
    await expectHtmlLang(page, 'en');
    await page.getByTestId('language-picker').waitFor({ state: 'visible' });
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, 'lab-exhibition-en-375');
    await expectNoAxeViolations(page);
  });
});
