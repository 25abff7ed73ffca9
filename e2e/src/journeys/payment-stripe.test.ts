import { STRIPE_TEST_CARDS } from '@kippu/contract/stripe-test-cards';
import type { LangCode } from '@kippu/contract';
import type { Page } from 'playwright-core';
import {
  describe,
  expect,
  expectNoAxeViolations,
  LANGUAGE_AXE_RULES,
  skipBrowserSuites,
  test,
} from '../fixtures.ts';
import { saveScreenshot } from '../screenshots.ts';
import { text } from '../texts.ts';
import { orderRecord } from './journey-database.ts';
import {
  acknowledgePaymentDialog,
  chooseMethod,
  fillStripeCard,
  payWith,
  toPayment,
} from './payment-steps.ts';
import { checkScreen, completePurchase, tokyoDate } from './steps.ts';

/** Stripe with 3-D Secure (stripe_secure, BORDERLESS's first web method): the card Element, then the issuer. */
async function payWithStripe(page: Page, lang: LangCode, screens: string[]) {
  const main = page.getByRole('main');
  const method = main.locator('input[type="radio"][value="stripe_secure"]');
  await expect.poll(() => method.isChecked()).toBe(true);
  await fillStripeCard(page, lang, STRIPE_TEST_CARDS.success);
  // axe once per screen kind (ADR 053): the payment screen with the card Element, first time in English.
  if (lang === 'en' && !screens.includes('payment')) await checkScreen(page, screens, 'payment');
  else await expectNoAxeViolations(page, { rules: LANGUAGE_AXE_RULES });
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
      const orderToken = await toPayment(page, lang, 'BORDERLESS', {
        date: tokyoDate(3),
        tickets: 2,
        label: `stripe-${lang}`,
      });

      await payWithStripe(page, lang, screens);
      await page.waitForURL(/\/simulator\/stripe\/3ds\//);
      await page.getByRole('button', { name: /Fail authentication/ }).click();
      await page.waitForURL(/#\/payment-callback\/stripe_secure\/failure/);
      // The retry dialog (its title and text in the visitor's language); its button leads back to payment.
      await acknowledgePaymentDialog(page, lang, 'retry');
      expect(await orderRecord(orderToken)).toMatchObject({ status: 'ready_checkout', payments: ['failed'] });

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
    const orderToken = await toPayment(page, lang, 'BORDERLESS', {
      date: tokyoDate(3),
      tickets: 2,
      label: 'dpay',
    });
    const main = page.getByRole('main');
    await chooseMethod(page, 'd_pay');
    await expect.poll(() => main.innerText()).toContain(text(lang, 'payment_dpay_note'));
    await checkScreen(page, screens, 'payment');

    // Checkout → /d-pay-confirm → the carrier's login → /d-pay-confirm with the state → the carrier's page.
    await payWith(page, lang, 'd_pay', 'pay', {
      atDpayConfirm: async () => {
        await checkScreen(page, screens, 'd-pay-confirm');
        await saveScreenshot(page, `payment-stripe/${lang}-d-pay-confirm`);
      },
    });
    await page.waitForURL(/#\/payment-callback\/d_pay\/success/);
    const record = await orderRecord(orderToken);
    expect(record).toMatchObject({ status: 'reserved', payments: ['confirmed'] });
    expect(screens).toEqual(['payment', 'd-pay-confirm']);
  });
});
