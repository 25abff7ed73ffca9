import {
  describe,
  expect,
  expectHtmlLang,
  expectNoAxeViolations,
  notFoundTitle,
  openPage,
  skipBrowserSuites,
  test,
} from './fixtures.ts';

const CJK = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe.skipIf(skipBrowserSuites)('not-found page', () => {
  test('an unknown route shows a translated not-found page', async ({ page }) => {
    await openPage(page, '/borderless/#/no-such-page');
    await expectHtmlLang(page, 'ja');
    const japaneseTitle = await notFoundTitle(page);
    expect(japaneseTitle).toMatch(CJK);
    expect(japaneseTitle).not.toContain('error_page_not_found');
    // Title and content text are both shown.
    const content = (await page.getByTestId('not-found').innerText()).replace(japaneseTitle, '').trim();
    expect(content).not.toBe('');
    expect(content).not.toContain('error_page_not_found');
    await expectNoAxeViolations(page);

    await openPage(page, '/borderless/?lang=en#/no-such-page');
    await expectHtmlLang(page, 'en');
    const englishTitle = await notFoundTitle(page);
    expect(englishTitle).not.toMatch(CJK);
    expect(englishTitle).not.toContain('error_page_not_found');
    expect(englishTitle).not.toBe(japaneseTitle);
    await expectNoAxeViolations(page);
  });
});
