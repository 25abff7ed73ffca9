import { htmlLang, LANG_CODES, type LangCode } from '@kippu/contract';
import {
  describe,
  expect,
  expectHtmlLang,
  expectNoAxeViolations,
  LANGUAGE_AXE_RULES,
  notFoundTitle,
  openPage,
  skipBrowserSuites,
  test,
} from './fixtures.ts';

/** A translation key shown instead of its text, e.g. error_page_not_found_title. */
const RAW_KEY = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+){2,}\b/;

describe.skipIf(skipBrowserSuites)('all six languages', () => {
  test('each language translates the layout and the not-found page', async ({ page }) => {
    const notFoundTitles = new Map<LangCode, string>();
    const documentTitles = new Map<LangCode, string>();
    for (const lang of LANG_CODES) {
      await openPage(page, `/borderless/?lang=${lang}#/no-such-page`);
      await expectHtmlLang(page, htmlLang(lang));
      expect(await page.getByTestId('language-picker').inputValue()).toBe(lang);
      notFoundTitles.set(lang, await notFoundTitle(page));
      documentTitles.set(lang, await page.title());
      const text = await page.locator('body').innerText();
      expect(text.match(RAW_KEY)?.[0], `untranslated key on the ${lang} page`).toBeUndefined();
      // axe once per screen kind (ADR 053): in full in the first language, its language rules in the others.
      await expectNoAxeViolations(page, lang === LANG_CODES[0] ? {} : { rules: LANGUAGE_AXE_RULES });
    }
    // Six languages, six different texts: none silently falls back to another language.
    expect(new Set(notFoundTitles.values()).size, JSON.stringify([...notFoundTitles])).toBe(
      LANG_CODES.length,
    );
    expect(new Set(documentTitles.values()).size, JSON.stringify([...documentTitles])).toBe(
      LANG_CODES.length,
    );
  });
});
