import {
  bodySite,
  describe,
  expect,
  expectNoAxeViolations,
  openPage,
  skipBrowserSuites,
  test,
} from './fixtures.ts';

describe.skipIf(skipBrowserSuites)('tickets sub-site', () => {
  test('/tickets/ serves the default site with its layout', async ({ page }) => {
    await openPage(page, '/tickets/');
    expect(await bodySite(page)).toBe('BORDERLESS');
    await page.getByTestId('language-picker').waitFor({ state: 'visible' });
    await expectNoAxeViolations(page);
  });
});
