import {
  bodySite,
  describe,
  expect,
  expectHtmlLang,
  expectNoAxeViolations,
  openPage,
  skipBrowserSuites,
  test,
} from './fixtures.ts';

describe.skipIf(skipBrowserSuites)('layout of the default site', () => {
  test('/borderless/ opens in Japanese with header, footer and a native language picker', async ({
    page,
  }) => {
    await openPage(page, '/borderless/');
    await expectHtmlLang(page, 'ja');
    expect(await bodySite(page)).toBe('BORDERLESS');

    const picker = page.getByTestId('language-picker');
    await picker.waitFor({ state: 'visible' });
    expect(await picker.evaluate((element) => element.tagName)).toBe('SELECT');
    expect(await picker.inputValue()).toBe('ja');
    // Every language of the spec can be chosen.
    const offered = await picker
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect([...offered].sort()).toEqual(['en', 'ja', 'kr', 'th', 'zh-hans', 'zh-hant']);

    await expectNoAxeViolations(page);
  });

  test('/ redirects to /borderless/', async ({ page }) => {
    await openPage(page, '/');
    expect(new URL(page.url()).pathname).toBe('/borderless/');
  });
});
