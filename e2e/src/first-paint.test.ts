import {
  describe,
  expect,
  expectNoAxeViolations,
  PHONE_VIEWPORT,
  skipBrowserSuites,
  test,
} from './fixtures.ts';

/** Where the header and the site's name are drawn: the first paint and the app must agree (no shift). */
async function headerBoxes(page: import('playwright-core').Page) {
  const box = async (selector: string) => {
    const found = await page.locator(selector).boundingBox();
    expect(found, selector).not.toBeNull();
    return found!;
  };
  return { header: await box('header.site-header'), name: await box('[data-testid="site-logo-name"]') };
}

describe.skipIf(skipBrowserSuites)("the page's first paint, drawn by the server (ADR 037)", () => {
  test('shows the header in the site’s colours before any script runs, where the app then draws it', async ({
    newPage,
  }) => {
    const withoutScripts = await newPage({ viewport: PHONE_VIEWPORT, javaScriptEnabled: false });
    await withoutScripts.goto('/borderless/?lang=th#/order');
    expect(await withoutScripts.locator('[data-testid="site-logo-name"]').innerText()).toBe(
      'พิพิธภัณฑ์คิปปุ บอร์เดอร์เลส',
    );
    expect(await withoutScripts.locator('.app-shell').getAttribute('inert')).not.toBeNull();
    // The site's colours come with the page, not with the app.
    const headerColour = await withoutScripts
      .locator('header.site-header')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(headerColour).toBe('rgb(194, 24, 91)');
    const painted = await headerBoxes(withoutScripts);
    const servedTitle = await withoutScripts.title();

    const page = await newPage({ viewport: PHONE_VIEWPORT });
    await page.goto('/borderless/?lang=th#/order');
    await page.getByRole('contentinfo').waitFor({ state: 'visible' });
    // The app replaced the first paint (nothing inert any more): one header, the same boxes.
    await expect.poll(() => page.locator('[inert]').count()).toBe(0);
    expect(await page.locator('header').count()).toBe(1);
    expect(await headerBoxes(page)).toEqual(painted);
    // The tab's title was already the site's own.
    expect(await page.title()).toBe(servedTitle);
    expect(servedTitle).not.toBe('Kippu');
    await expectNoAxeViolations(page);
  });
});
