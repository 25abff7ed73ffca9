import type { Page } from 'playwright-core';
import {
  describe,
  expect,
  expectHtmlLang,
  expectNoAxeViolations,
  openPage,
  skipBrowserSuites,
  test,
} from './fixtures.ts';

/** The texts a visitor reads in the layout; they must change with the language. */
async function layoutTexts(page: Page): Promise<string> {
  const header = await page.getByRole('banner').innerText();
  const footer = await page.getByRole('contentinfo').innerText();
  return `${header}\n${footer}`.trim();
}

describe.skipIf(skipBrowserSuites)('switching the language', () => {
  test('choosing English in the picker reloads the page in English', async ({ page }) => {
    await openPage(page, '/borderless/');
    await expectHtmlLang(page, 'ja');
    const japanese = await layoutTexts(page);
    expect(japanese).not.toBe('');
    const japaneseTitle = await page.title();

    // A marker on window survives everything but a reload: its absence proves the page reloaded.
    await page.evaluate(() => Object.assign(window, { e2eBeforeSwitch: true }));
    await page.getByTestId('language-picker').selectOption('en');
    await expect
      .poll(() => page.evaluate(() => 'e2eBeforeSwitch' in window).catch(() => true), { timeout: 15_000 })
      .toBe(false);

    await page.getByRole('banner').waitFor({ state: 'visible' });
    await expectHtmlLang(page, 'en');
    expect(await page.getByTestId('language-picker').inputValue()).toBe('en');
    await expect.poll(() => layoutTexts(page)).not.toBe(japanese);
    // The page title follows the language too (per-language title of the site settings).
    expect(await page.title()).not.toBe(japaneseTitle);
    await expectNoAxeViolations(page);
  });

  test('?lang=en switches to English and is removed from the address', async ({ page }) => {
    await openPage(page, '/borderless/');
    await expectHtmlLang(page, 'ja');
    const japanese = await layoutTexts(page);

    await openPage(page, '/borderless/?lang=en');
    await expectHtmlLang(page, 'en');
    await expect.poll(() => page.url()).not.toMatch(/[?&]lang=/);
    expect(new URL(page.url()).pathname).toBe('/borderless/');
    await expect.poll(() => layoutTexts(page)).not.toBe(japanese);
    expect(await page.getByTestId('language-picker').inputValue()).toBe('en');
    await expectNoAxeViolations(page);
  });

  test('an unsupported ?lang= keeps the default language and is removed too', async ({ page }) => {
    await openPage(page, '/borderless/?lang=fr');
    await expectHtmlLang(page, 'ja');
    await expect.poll(() => page.url()).not.toMatch(/[?&]lang=/);
    expect(await page.getByTestId('language-picker').inputValue()).toBe('ja');
  });

  test('after choosing English, a reload and a new tab are drawn in English from the first byte (ADR 041)', async ({
    page,
  }) => {
    await openPage(page, '/borderless/?lang=en');
    await expectHtmlLang(page, 'en');
    await expect.poll(() => page.url()).not.toMatch(/[?&]lang=/);
    const english = await layoutTexts(page);

    // The page the server sends on a reload, before any script ran: no query, only the browser's cookies.
    const [reloaded] = await Promise.all([
      page.waitForResponse((response) => response.request().resourceType() === 'document'),
      page.reload(),
    ]);
    expect(await reloaded.text()).toContain('<html lang="en"');
    await expect.poll(() => layoutTexts(page)).toBe(english);

    // A new tab has no language of its own: it goes on in English, without a reload.
    const tab = await page.context().newPage();
    const [opened] = await Promise.all([
      tab.waitForResponse((response) => response.request().resourceType() === 'document'),
      openPage(tab, '/borderless/'),
    ]);
    expect(await opened.text()).toContain('<html lang="en"');
    await expectHtmlLang(tab, 'en');
    expect(await tab.getByTestId('language-picker').inputValue()).toBe('en');
    await tab.close();
  });
});
