import {
  bodySite,
  describe,
  expect,
  expectNoAxeViolations,
  openPage,
  skipBrowserSuites,
  test,
} from './fixtures.ts';

describe.skipIf(skipBrowserSuites)('footer links', () => {
  test('/borderless/ links to the order page', async ({ page }) => {
    await openPage(page, '/borderless/');
    const orderLink = page.getByRole('contentinfo').getByTestId('footer-link-order');
    await orderLink.waitFor({ state: 'visible' });
    expect((await orderLink.innerText()).trim()).not.toBe('');
  });

  test('/mori/ (mail-confirm-only) has no order link', async ({ page }) => {
    await openPage(page, '/mori/');
    expect(await bodySite(page)).toBe('MORI');
    // The footer is rendered (openPage waited for it), with its other links, but without the order link.
    await expect.poll(() => page.getByRole('contentinfo').getByRole('link').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('footer-link-order').count()).toBe(0);
    // Mail-confirm-only skips the root and order screens (spec §2), even when asked for directly.
    await expect.poll(() => new URL(page.url()).hash).toBe('#/mail-confirm');
    await openPage(page, '/mori/#/order');
    await expect.poll(() => new URL(page.url()).hash).toBe('#/mail-confirm');
    await expectNoAxeViolations(page);
  });

  test('/artizon/ shows its two extra links (issue 32 item 30), in the page language', async ({ page }) => {
    await openPage(page, '/artizon/?lang=en');
    const footer = page.getByRole('contentinfo');
    const first = footer.getByTestId('footer-link-extra-1');
    await first.waitFor({ state: 'visible' });
    expect(await first.innerText()).toMatch(/^Membership\b/);
    expect(await footer.getByTestId('footer-link-extra-2').innerText()).toMatch(/^Access\b/);
    expect(await footer.getByTestId('footer-link-extra-2').getAttribute('href')).toBe(
      'https://museum.kippu.example/access',
    );
  });
});
