import { describe, expect, expectHtmlLang, openPage, skipBrowserSuites, test } from './fixtures.ts';
import { PHONE } from './screenshots.ts';
import { text } from './texts.ts';

/**
 * The toast cache (spec §3/§4 "shown once on mount then removed"; issue 32, item 11; ADR 105) in the browser:
 * a language change reloads the page, and the new page says so once, in the new language.
 */
describe.skipIf(skipBrowserSuites)('the toast cache', () => {
  test('after choosing ไทย in the picker, the reloaded page says so in Thai, once', async ({ newPage }) => {
    const page = await newPage(PHONE);
    await openPage(page, '/okinawa/?lang=ja');
    await expectHtmlLang(page, 'ja');
    await page.getByTestId('language-picker').selectOption('th');
    await expectHtmlLang(page, 'th');
    const toast = page.getByTestId('toast');
    await expect
      .poll(() => toast.textContent())
      .toBe(text('th', 'toast_language_changed', { language: 'ไทย' }));
    expect(
      await page.evaluate(() => localStorage.getItem('kippu.OKINAWA.toastCache')),
      'removed once shown',
    ).toBeNull();
    // A reload after it: nothing to say.
    await page.reload();
    await page.getByRole('banner').waitFor();
    await page.waitForTimeout(1_000);
    expect(await toast.textContent()).toBe('');
  });
});
