import type { Page } from 'playwright-core';
import type { LangCode } from '@kippu/contract';
import { STRIPE_TEST_CARDS } from '@kippu/contract/stripe-test-cards';
import {
  describe,
  expect,
  expectHtmlLang,
  expectNoAxeViolations,
  LANGUAGE_AXE_RULES,
  openPage,
  skipBrowserSuites,
  test,
} from '../fixtures.ts';
import { PHONE, expectNoHorizontalOverflow, saveScreenshot } from '../screenshots.ts';
import { pattern, text } from '../texts.ts';
import { expireSpotToken, spotDayTicket } from './journey-database.ts';

/**
 * Issue 11, spot sales: a visitor at the venue scans the poster's QR code with their phone and buys
 * today's tickets with a simulator card; the tickets are listed on the phone after a reload. Axe on every
 * screen; screenshots in e2e/screenshots/spot/.
 */

async function fillCard(page: Page, lang: LangCode) {
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: text(lang, 'payment_card_number') }).fill('4111111111111111');
  await main
    .getByRole('combobox', { name: text(lang, 'payment_card_expiry_month'), exact: true })
    .selectOption({ index: 3 });
  await main
    .getByRole('combobox', { name: text(lang, 'payment_card_expiry_year'), exact: true })
    .selectOption({ index: 3 });
  await main.getByRole('textbox', { name: text(lang, 'payment_card_cvc') }).fill('123');
  await main.getByRole('textbox', { name: text(lang, 'payment_card_name') }).fill('HANAKO YAMADA');
}

async function buyAtTheVenue(page: Page, lang: LangCode, qrToken: string, shots: boolean) {
  // axe once per screen kind (ADR 053): in full in English; the language rules in Japanese.
  const axe = () => expectNoAxeViolations(page, lang === 'en' ? {} : { rules: LANGUAGE_AXE_RULES });
  await openPage(page, `/ruins/?lang=${lang}#/spot?qr_token=${qrToken}`);
  await expectHtmlLang(page, lang === 'en' ? 'en' : lang);
  const main = page.getByRole('main');
  const addAdult = main.getByRole('button', {
    name: text(lang, 'order_add_one', { name: lang === 'ja' ? '大人' : 'Adult' }),
  });
  await addAdult.click();
  await addAdult.click();
  await expect.poll(() => main.innerText()).toContain(lang === 'ja' ? '3,000' : '3,000');
  await axe();
  await expectNoHorizontalOverflow(page);
  if (shots) await saveScreenshot(page, `spot/${lang}-1-order`);
  await main.getByRole('button', { name: text(lang, 'spot_continue_to_payment') }).click();
  // The details a spot purchase needs come next (ADR 109): the e-mail address the ticket link goes to.
  await page.waitForURL(/#\/spot\/order-fields\//);
  await main
    .getByRole('textbox', { name: pattern(lang, 'signin_field_email') })
    .fill(`spot-${lang}-${Date.now()}@example.com`);
  await main.getByRole('button', { name: text(lang, 'spot_continue_to_payment') }).click();
  await page.waitForURL(/#\/spot\/payment/);

  await fillCard(page, lang);
  await axe();
  if (shots) await saveScreenshot(page, `spot/${lang}-2-payment`);
  await main.getByRole('button', { name: text(lang, 'spot_pay') }).click();
  await page.waitForURL(/#\/spot\/email-sended\//, { timeout: 60_000 });
  await expect.poll(() => main.innerText()).toMatch(/[0-9A-Z]{10}/);
  await axe();
  if (shots) await saveScreenshot(page, `spot/${lang}-3-mail-sent`);
}

/** Holds one adult ticket on `slug`'s spot poster, gives the e-mail address and opens the payment screen. */
async function holdOneAtTheVenue(page: Page, slug: string, qrToken: string) {
  await openPage(page, `/${slug}/?lang=en#/spot?qr_token=${qrToken}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: text('en', 'order_add_one', { name: 'Adult' }) }).click();
  await main.getByRole('button', { name: text('en', 'spot_continue_to_payment') }).click();
  await page.waitForURL(/#\/spot\/order-fields\//);
  await main
    .getByRole('textbox', { name: pattern('en', 'signin_field_email') })
    .fill(`spot-gateway-${Date.now()}@example.com`);
  await main.getByRole('button', { name: text('en', 'spot_continue_to_payment') }).click();
  await page.waitForURL(/#\/spot\/payment/);
}

/** Back from the gateway's page: the spot mail-sent screen with the number, and the phone's list has it. */
async function expectSpotPurchaseDone(page: Page) {
  await page.waitForURL(/#\/spot\/email-sended\//, { timeout: 60_000 });
  const main = page.getByRole('main');
  await expect.poll(() => main.innerText()).toMatch(/[0-9A-Z]{10}/);
  await page.getByRole('link', { name: text('en', 'spot_my_tickets_link') }).click();
  const list = page.getByRole('list', { name: text('en', 'spot_my_tickets_title') });
  await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
}

describe.skipIf(skipBrowserSuites)('spot sales on a phone', () => {
  test('in English: scan, buy two adults with a test card, see them listed after a reload, open the ticket', async ({
    newPage,
  }) => {
    const poster = await spotDayTicket();
    const page = await newPage(PHONE);
    await buyAtTheVenue(page, 'en', poster.qrToken, true);

    await page.getByRole('link', { name: text('en', 'spot_my_tickets_link') }).click();
    await page.waitForURL(/#\/spot\/ticket-inquiry/);
    await page.reload();
    const list = page.getByRole('list', { name: text('en', 'spot_my_tickets_title') });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await expect.poll(() => list.innerText()).toContain('Ruins garden day ticket');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'spot/en-4-my-tickets');

    await list.getByRole('link', { name: new RegExp(text('en', 'complete_go_to_ticket')) }).click();
    await page.waitForURL(/#\/id\//);
    await expect.poll(() => page.getByRole('img', { name: /^QR code for / }).count()).toBe(2);
  });

  test('in Japanese: the same purchase, every screen in Japanese', async ({ newPage }) => {
    const poster = await spotDayTicket();
    const page = await newPage(PHONE);
    await buyAtTheVenue(page, 'ja', poster.qrToken, true);
    await page.getByRole('link', { name: text('ja', 'spot_my_tickets_link') }).click();
    await expect
      .poll(() => page.getByRole('list', { name: text('ja', 'spot_my_tickets_title') }).innerText())
      .toContain('遺跡庭園 当日券');
    await saveScreenshot(page, 'spot/ja-4-my-tickets');
  });

  test('BORDERLESS: Stripe with 3-D Secure, its first spot method, comes back to the spot mail-sent screen', async ({
    newPage,
  }) => {
    const poster = await spotDayTicket(30, 'BORDERLESS');
    const page = await newPage(PHONE);
    await holdOneAtTheVenue(page, 'borderless', poster.qrToken);
    const main = page.getByRole('main');
    await expect
      .poll(() => main.locator('input[type="radio"][value="stripe_secure"]').isChecked())
      .toBe(true);
    expect(await main.getByText(text('en', 'payment_free_text')).count()).toBe(0);
    // The simulator's card Element labels its inputs as Stripe's does.
    await main.getByRole('textbox', { name: 'Card number' }).fill(STRIPE_TEST_CARDS.success);
    await main.getByRole('textbox', { name: 'Expiration date (MM / YY)' }).fill('12 / 34');
    await main.getByRole('textbox', { name: 'Security code' }).fill('123');
    await main.getByRole('textbox', { name: text('en', 'payment_card_name') }).fill('HANAKO YAMADA');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'spot/en-stripe-payment');
    await main.getByRole('button', { name: text('en', 'spot_pay') }).click();
    await page.waitForURL(/\/simulator\/stripe\/3ds\//);
    await page.getByRole('button', { name: /Complete authentication/ }).click();
    await expectSpotPurchaseDone(page);
  });

  test('RUINS: PayPay approved on its cashier comes back to the spot mail-sent screen', async ({
    newPage,
  }) => {
    const poster = await spotDayTicket();
    const page = await newPage(PHONE);
    await holdOneAtTheVenue(page, 'ruins', poster.qrToken);
    const main = page.getByRole('main');
    await main.locator('input[type="radio"][value="gmo_paypay"]').check();
    await expect.poll(() => main.innerText()).toContain(text('en', 'spot_redirect_text'));
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'spot/en-paypay-payment');
    await main.getByRole('button', { name: text('en', 'spot_pay') }).click();
    await page.waitForURL(/\/simulator\/gmo\/wallet\//);
    await page.getByRole('button', { name: /^支払う\s*Approve$/ }).click();
    await expectSpotPurchaseDone(page);
  });

  test('an expired and an unknown QR code say so and sell nothing', async ({ newPage }) => {
    const poster = await spotDayTicket();
    await expireSpotToken(poster.qrToken);
    const page = await newPage(PHONE);
    await openPage(page, `/ruins/?lang=en#/spot?qr_token=${poster.qrToken}`);
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect
      .poll(() => dialog.first().innerText())
      .toContain(text('en', 'error_dialog_spot_qr_expired_title'));
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'spot/en-expired', { wholePage: false });
    await dialog.first().getByRole('button').first().click();
    await expect.poll(() => page.getByRole('main').innerText()).toContain(text('en', 'spot_scan_poster'));
    expect(await page.getByRole('button', { name: text('en', 'spot_continue_to_payment') }).count()).toBe(0);

    await openPage(page, `/ruins/?lang=en#/spot?qr_token=AAAAAAAAAAAAAAAAAAAAAA`);
    await expect.poll(() => page.getByRole('main').innerText()).toContain(text('en', 'spot_scan_poster'));
  });

  test('the printable poster shows the QR code and the product in six languages', async ({ newPage }) => {
    const poster = await spotDayTicket();
    for (const lang of ['ja', 'en'] as const) {
      const page = await newPage(PHONE);
      await openPage(page, `/ruins/?lang=${lang}#/spot/qr/${poster.productUuid}?qr_token=${poster.qrToken}`);
      const article = page.getByRole('article', { name: text(lang, 'spot_poster_label') });
      await expect.poll(() => article.locator('img.qr-image').count(), { timeout: 15_000 }).toBe(1);
      const names = await article.innerText();
      for (const name of [
        '遺跡庭園 当日券',
        'Ruins garden day ticket',
        '유적 정원 당일권',
        'บัตรสวนซากโบราณรายวัน',
      ]) {
        expect(names).toContain(name);
      }
      // axe once per screen kind (ADR 053): in full in Japanese, its language rules in English.
      await expectNoAxeViolations(page, lang === 'ja' ? {} : { rules: LANGUAGE_AXE_RULES });
      await saveScreenshot(page, `spot/${lang}-poster`);
    }
  });
});
