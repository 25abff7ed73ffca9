import {
  bodySite,
  describe,
  expect,
  expectNoAxeViolations,
  openPage,
  skipBrowserSuites,
  test,
} from '../fixtures.ts';
import { text } from '../texts.ts';
import { prepareReservation } from '../prepare-reservation.ts';
import { tokyoDate } from './steps.ts';

/** Where the browser is: the page's path (which site, main or tickets sub-site) and its hash route. */
function where(url: string): { path: string; route: string } {
  const { pathname, hash } = new URL(url);
  return { path: pathname, route: hash.slice(1) };
}

/**
 * Spec §2 (ADR 024): outside production (the suite's server runs as development), a ticket route opened on
 * the main site moves the browser to the site's tickets sub-site, and leaving the ticket pages returns to
 * the main site, keeping the site both ways.
 */
describe.skipIf(skipBrowserSuites)('the tickets sub-site', () => {
  test('after a purchase the ticket opens on /borderless/tickets/ and the footer leads back', async ({
    page,
  }) => {
    // The purchase over HTTP (ADR 053); that the complete screen is on the main site and leads to the ticket
    // is purchase-borderless's check. The ticket route opened on the main site, as that link opens it:
    const { reservationNumber: number, reservationToken } = await prepareReservation({
      site: 'BORDERLESS',
      lang: 'ja',
      date: tokyoDate(3),
      tickets: 2,
    });
    await page.goto(`/borderless/?lang=ja#/id/${reservationToken}`);
    await page.waitForURL((url) => url.pathname === '/borderless/tickets/');
    expect(where(page.url()).route).toMatch(/^\/id\/[\w-]+$/);
    expect(await bodySite(page)).toBe('BORDERLESS');
    // The sub-site's page loads its assets and calls the API through the deeper path.
    const codes = page.getByRole('img', { name: /のQRコード$/ });
    await expect.poll(() => codes.count()).toBe(2);
    await expect.poll(() => page.getByRole('main').innerText()).toContain(number);
    await expectNoAxeViolations(page);

    // Back on the main site for any other route, in the same language (session storage is per origin).
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: text('ja', 'footer_order') })
      .click();
    await page.waitForURL((url) => url.pathname === '/borderless/');
    expect(where(page.url()).route).toBe('/order');
    await page.getByRole('banner').waitFor({ state: 'visible' });
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
  });

  test("a ticket link of another site goes to that site's own tickets sub-site", async ({ page }) => {
    await openPage(page, '/mori/#/tickets/share/no-such-token');
    await page.waitForURL((url) => url.pathname === '/mori/tickets/');
    expect(where(page.url()).route).toBe('/tickets/share/no-such-token');
    expect(await bodySite(page)).toBe('MORI');
  });

  test('the legal pages stay on the main site, in the page language, axe clean', async ({ page }) => {
    await openPage(page, '/borderless/?lang=ja');
    for (const [route, title, firstWords] of [
      ['specified', 'screen_specified_title', 'legal_seller_label'],
      ['privacy', 'screen_privacy_title', 'legal_privacy_collect_title'],
      ['terms', 'screen_terms_title', 'legal_terms_tickets_title'],
    ] as const) {
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: text('ja', `footer_${route}`) })
        .click();
      await page.getByRole('heading', { level: 1, name: text('ja', title) }).waitFor({ state: 'visible' });
      await page.getByText(text('ja', firstWords), { exact: true }).waitFor({ state: 'visible' });
      expect(where(page.url())).toEqual({ path: '/borderless/', route: `/${route}` });
      await expectNoAxeViolations(page);
    }
  });
});
