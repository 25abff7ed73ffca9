import { LANG_CODES } from '@kippu/contract';
import { describe, expect, openPage, skipBrowserSuites, test } from '../fixtures.ts';
import { text } from '../texts.ts';
import {
  checkScreen,
  chooseTickets,
  completePurchase,
  confirmMail,
  newVisitor,
  payByCard,
  reservationNumber,
  signIn,
  tokyoDate,
} from './steps.ts';

/**
 * Issue 6, acceptance 1: open /borderless/, buy two adult tickets for tomorrow with a simulator test
 * card, read the confirmation mail on the development mail page, open the ticket page with its QR
 * codes; in English with axe on every screen, and the same purchase in each of the six languages.
 */
describe.skipIf(skipBrowserSuites)('buying tickets on BORDERLESS', () => {
  test('in English: two adults for tomorrow with a test card, axe clean on every screen', async ({
    page,
  }) => {
    const visitor = newVisitor('en', 'borderless');
    const screens: string[] = [];
    await openPage(page, '/borderless/?lang=en');
    await checkScreen(page, screens, 'order');
    await chooseTickets(page, 'en', { date: tokyoDate(1), tickets: 2 });

    await checkScreen(page, screens, 'sign-in');
    await signIn(page, visitor);
    await checkScreen(page, screens, 'sended-mail');
    await confirmMail(page, visitor);

    await checkScreen(page, screens, 'payment');
    await payByCard(page, 'en');
    await checkScreen(page, screens, 'confirm');
    await completePurchase(page, 'en');

    const number = await reservationNumber(page);
    expect(number).toMatch(/^[0-9A-Z]{10}$/);
    // The complete screen is the main site's; its ticket link moves to the tickets sub-site (tickets-site).
    expect(new URL(page.url()).pathname).toBe('/borderless/');
    await checkScreen(page, screens, 'complete');

    await page.getByRole('link', { name: text('en', 'complete_go_to_ticket') }).click();
    await page.waitForURL(/#\/id\//);
    const codes = page.getByRole('img', { name: /^QR code for / });
    await expect.poll(() => codes.count()).toBe(2);
    await expect.poll(() => page.getByRole('main').innerText()).toContain(number);
    await checkScreen(page, screens, 'ticket');
    expect(screens).toEqual(['order', 'sign-in', 'sended-mail', 'payment', 'confirm', 'complete', 'ticket']);
  });

  for (const lang of LANG_CODES.filter((each) => each !== 'en')) {
    test(`in ${lang}: the same purchase, every screen in that language`, async ({ page }) => {
      const visitor = newVisitor(lang, `borderless-${lang}`);
      await openPage(page, `/borderless/?lang=${lang}`);
      await chooseTickets(page, lang, { date: tokyoDate(2), tickets: 2 });
      await signIn(page, visitor);
      await confirmMail(page, visitor);
      await payByCard(page, lang);
      await completePurchase(page, lang);
      await reservationNumber(page);
      await page.getByRole('link', { name: text(lang, 'complete_go_to_ticket') }).click();
      await page.waitForURL(/#\/id\//);
      await expect.poll(() => page.locator('main img[alt]').count()).toBe(2);
      await expect.poll(() => page.locator('html').getAttribute('lang')).not.toBe('en');
    });
  }
});
