import { DPAY_TEST_ACCOUNTS, STRIPE_TEST_CARDS } from '@kippu/contract/stripe-test-cards';
import type { LangCode } from '@kippu/contract';
import type { Page } from 'playwright-core';
import { describe, expect, openPage, skipBrowserSuites, test } from '../fixtures.ts';
import { saveScreenshot } from '../screenshots.ts';
import { text } from '../texts.ts';
import { orderRecord } from './journey-database.ts';
import {
  checkScreen,
  chooseTickets,
  completePurchase,
  confirmMail,
  newVisitor,
  signIn,
  storedOrderToken,
  tokyoDate,
} from './steps.ts';

/** The simulator's card Element labels its inputs as Stripe's does, in the page's language. */
const ELEMENT_LABELS: Partial<Record<LangCode, [string, string, string]>> = {
  en: ['Card number', 'Expiration date (MM / YY)', 'Security code'],
  ja: ['カード番号', '有効期限 (MM / YY)', 'セキュリティコード'],
};

async function toPayment(page: Page, lang: LangCode, label: string): Promise<string> {
  const visitor = newVisitor(lang, label);
  // A phone's width: the screenshots are for looking at the screens as visitors mostly see them.
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, `/borderless/?lang=${lang}`);
  await chooseTickets(page, lang, { date: tokyoDate(3), tickets: 2 });
  await signIn(page, visitor);
  await confirmMail(page, visitor);
  await page.waitForURL(/#\/payment/);
  return (await storedOrderToken(page))!;
}

/** Stripe with 3-D Secure (stripe_secure, BORDERLESS's first web method): the card Element, then the issuer. */
async function payWithStripe(page: Page, lang: LangCode, screens: string[]) {
  const main = page.getByRole('main');
  const method = main.locator('input[type="radio"][value="stripe_secure"]');
  await expect.poll(() => method.isChecked()).toBe(true);
  const [number, expiry, cvc] = ELEMENT_LABELS[lang]!;
  await main.getByRole('textbox', { name: number }).fill(STRIPE_TEST_CARDS.success);
  await main.getByRole('textbox', { name: expiry }).fill('12 / 34');
  await main.getByRole('textbox', { name: cvc }).fill('123');
  await main.getByRole('textbox', { name: text(lang, 'payment_card_name') }).fill('HANAKO YAMADA');
  await checkScreen(page, screens, 'payment');
  await saveScreenshot(page, `payment-stripe/${lang}-payment`);
  await main.getByRole('button', { name: text(lang, 'payment_submit') }).click();
  await page.waitForURL(/#\/confirm/);
  await completePurchase(page, lang);
}

describe.skipIf(skipBrowserSuites)('Stripe and d払い on BORDERLESS (ADR 028)', () => {
  for (const lang of ['en', 'ja'] as const) {
    test(`in ${lang}: Stripe with 3-D Secure, failed once then passed: one confirmed payment, reserved`, async ({
      page,
    }) => {
      const screens: string[] = [];
      const orderToken = await toPayment(page, lang, `stripe-${lang}`);

      await payWithStripe(page, lang, screens);
      await page.waitForURL(/\/simulator\/stripe\/3ds\//);
      await page.getByRole('button', { name: /Fail authentication/ }).click();
      await page.waitForURL(/#\/payment-callback\/stripe_secure\/failure/);
      expect(await orderRecord(orderToken)).toMatchObject({ status: 'ready_checkout', payments: ['failed'] });

      // The retry dialog's button leads back to payment, as the visitor goes.
      await page.getByRole('dialog').getByRole('button', { name: text(lang, 'payment_retry_ok') }).click();
      await page.waitForURL(/#\/payment$/);
      await payWithStripe(page, lang, screens);
      await page.waitForURL(/\/simulator\/stripe\/3ds\//);
      await page.getByRole('button', { name: /Complete authentication/ }).click();
      await page.waitForURL(/#\/payment-callback\/stripe_secure\/success\?payment_intent=pi_/);
      const record = await orderRecord(orderToken);
      expect(record).toMatchObject({ status: 'reserved', payments: ['failed', 'confirmed'] });
      expect(record.reservations).toHaveLength(1);
    });
  }

  test('in ja: d払い: carrier login, /d-pay-confirm with the state checked, the carrier payment page; reserved', async ({
    page,
  }) => {
    const lang = 'ja';
    const screens: string[] = [];
    const orderToken = await toPayment(page, lang, 'dpay');
    const main = page.getByRole('main');
    await main.locator('input[type="radio"][value="d_pay"]').check();
    await expect.poll(() => main.innerText()).toContain(text(lang, 'payment_dpay_note'));
    await checkScreen(page, screens, 'payment');
    await main.getByRole('button', { name: text(lang, 'payment_submit') }).click();
    await page.waitForURL(/#\/confirm/);
    await completePurchase(page, lang);

    // Checkout → /d-pay-confirm → the carrier's login.
    await page.waitForURL(/\/simulator\/dpay\/authorize\?/);
    await page.getByLabel(/dアカウントID/).selectOption(DPAY_TEST_ACCOUNTS.success);
    await page.getByRole('button', { name: /ログイン/ }).click();

    await page.waitForURL(/#\/d-pay-confirm\?state=/);
    const pay = page.getByRole('main').getByRole('button', { name: text(lang, 'dpay_confirm_submit') });
    await pay.waitFor();
    await checkScreen(page, screens, 'd-pay-confirm');
    await saveScreenshot(page, `payment-stripe/${lang}-d-pay-confirm`);
    await pay.click();

    await page.waitForURL(/\/simulator\/dpay\/payment/);
    await page.getByRole('button', { name: /支払う/ }).click();
    await page.getByRole('button', { name: /ショップに戻る/ }).click();
    await page.waitForURL(/#\/payment-callback\/d_pay\/success/);
    const record = await orderRecord(orderToken);
    expect(record).toMatchObject({ status: 'reserved', payments: ['confirmed'] });
    expect(screens).toEqual(['payment', 'd-pay-confirm']);
  });
});
