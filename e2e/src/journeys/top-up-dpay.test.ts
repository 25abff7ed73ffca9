import { siteSlug, type SiteCode } from '@kippu/contract';
import { DPAY_TEST_ACCOUNTS } from '@kippu/contract/stripe-test-cards';
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
import { changeableDayTickets, retireProduct, timeChangeRecord } from './journey-database.ts';
import { stripeReservation } from './stripe-reservation.ts';
import { tokyoDate } from './steps.ts';

/*
 * AZABUDAI_BORDERLESS offers d払い (and Stripe, for the purchase the change starts from) on the web. Its demo
 * slots all cost the same, so the journey makes two products of its own in a change group of its own (ADR 053):
 * no site setting or shared product is changed while other journeys run.
 */
const SITE: SiteCode = 'AZABUDAI_BORDERLESS';
const LANG = 'ja' as const;
const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };

/**
 * Issue 32: a date change's top-up paid with d払い (carrier billing). The visitor moves a day ticket to a dearer
 * night slot, chooses d払い, cancels at the carrier's login (back to the change's payment screen, the slot still
 * held), chooses d払い again, logs in, sees the top-up on /d-pay-confirm, pays on the carrier's page and lands on
 * the change's complete screen. Screenshots: e2e/screenshots/top-up-dpay/ja-<nn>-<screen>.png.
 */
describe.skipIf(skipBrowserSuites)('a date change’s top-up by d払い', () => {
  test(
    'in ja at 390 px: a cancel at the login, then paid once',
    { timeout: 240_000 },
    async ({ newPage }) => {
      const products = await changeableDayTickets(
        SITE,
        { date: tokyoDate(2), price: 1500 },
        { date: tokyoDate(9), price: 2300 },
      );
      try {
        const page = await newPage(PHONE_390);
        const main = page.getByRole('main');
        let shots = 0;
        const shoot = async (screen: string) => {
          await page.evaluate(() => document.fonts.ready);
          await expectNoHorizontalOverflow(page);
          await expectNoAxeViolations(page, { rules: LANGUAGE_AXE_RULES });
          shots += 1;
          await saveScreenshot(page, `top-up-dpay/${LANG}-${String(shots).padStart(2, '0')}-${screen}`);
        };
        const chooseDpayAndPay = async () => {
          await page.waitForURL(/#\/tickets\/changedate\/payment\/[^/]+\/timechange/);
          const dpay = main.locator('input[type="radio"][value="d_pay"]');
          await dpay.waitFor({ timeout: 20_000 });
          await dpay.check();
          await main.getByText(text(LANG, 'payment_dpay_note')).waitFor();
          await main.getByRole('button', { name: text(LANG, 'payment_submit') }).click();
          await page.waitForURL(/#\/tickets\/changedate\/payment\/confirm\//);
          await main.getByRole('button', { name: text(LANG, 'change_date_pay_and_change') }).click();
          await page.waitForURL(/\/simulator\/dpay\/authorize\?/);
        };

        const { reservationToken, number } = await stripeReservation(
          SITE,
          LANG,
          products.cheaper.date,
          new RegExp(`^${products.namePrefix} A`),
        );
        await openPage(page, `/${siteSlug(SITE)}/?lang=${LANG}#/id/${reservationToken}`);
        await expectHtmlLang(page, 'ja');
        await expect.poll(() => main.innerText(), { timeout: 20_000 }).toContain(number);
        await main.getByRole('link', { name: text(LANG, 'ticket_change_date') }).click();
        await main.getByRole('heading', { name: text(LANG, 'change_date_current') }).waitFor();
        await main
          .getByRole('textbox', { name: text(LANG, 'change_date_date_label'), exact: true })
          .fill(products.dearer.date);
        await expect.poll(() => main.locator('.change-date-slots').getAttribute('aria-busy')).toBe('false');
        const dearer = main.getByRole('radio', { name: /\+/ }).first();
        await dearer.waitFor();
        await dearer.check();
        await main.getByRole('button', { name: text(LANG, 'change_date_continue') }).click();
        await page.waitForURL(/#\/tickets\/changedate\/confirm\//);
        await main.getByRole('link', { name: text(LANG, 'change_date_to_payment') }).click();

        // First try: cancelled at the carrier's login → the dialog → the change's own payment screen.
        await chooseDpayAndPay();
        await page
          .locator('main')
          .getByRole('button', { name: /Cancel$/ })
          .click();
        await page.waitForURL(/#\/payment-callback\/d_pay\/cancel\?flow=change_date/);
        await page.getByRole('button', { name: text(LANG, 'payment_retry_ok') }).click();
        await page.waitForURL(/#\/tickets\/changedate\/payment\/[^/]+\/timechange\/[^/?]+\?ref=c/);
        expect(await timeChangeRecord(reservationToken)).toMatchObject({
          status: 'pending',
          payments: [{ method: 'd_pay', status: 'failed' }],
        });
        await shoot('payment-after-cancel');

        // Second try: logged in, the top-up on /d-pay-confirm (the change's, not a booking's), paid at the carrier.
        await chooseDpayAndPay();
        await page
          .locator('main')
          .getByLabel(/d ACCOUNT ID/)
          .selectOption(DPAY_TEST_ACCOUNTS.success);
        await page
          .locator('main')
          .getByRole('button', { name: /Log in$/ })
          .click();
        await page.waitForURL(/#\/d-pay-confirm\?state=[^&]+&flow=change_date/);
        const send = main.getByRole('button', { name: text(LANG, 'dpay_confirm_submit') });
        await send.waitFor();
        await expect.poll(() => main.innerText()).toMatch(/[0-9,]+円|￥[0-9,]+|¥[0-9,]+/);
        await shoot('d-pay-confirm');
        await send.click();
        await page.waitForURL(/\/simulator\/dpay\/payment/);
        await page.locator('main').getByRole('button', { name: /Pay$/ }).click();
        await page
          .locator('main')
          .getByRole('button', { name: /Return to the shop$/ })
          .click();
        await page.waitForURL(/#\/tickets\/changedate\/complete\//, { timeout: 30_000 });
        await main.getByRole('heading', { name: text(LANG, 'change_date_done_heading'), level: 2 }).waitFor();
        await main.getByText(pattern(LANG, 'change_date_paid')).waitFor();
        await shoot('complete');

        const record = await timeChangeRecord(reservationToken);
        expect(record.status).toBe('done');
        // The top-up is the difference between the journey's two products (2,300 − 1,500 yen).
        expect(record.payments.map((payment) => [payment.method, payment.status, payment.amount])).toEqual([
          ['d_pay', 'failed', 800],
          ['d_pay', 'confirmed', 800],
        ]);
      } finally {
        await retireProduct(products.cheaper.productUuid);
        await retireProduct(products.dearer.productUuid);
      }
    },
  );
});
