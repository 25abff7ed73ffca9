import { siteSlug, type SiteCode } from '@kippu/contract';
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
import { timeChangeRecord } from './journey-database.ts';
import { fillStripeCard } from './payment-steps.ts';
import { stripeReservation } from './stripe-reservation.ts';
import { tokyoDate } from './steps.ts';

const SITE: SiteCode = 'OKINAWA';
const LANG = 'zh-hant' as const;
/** The phone of issue 32's report: 390 px wide. */
const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };

/**
 * Issue 32, acceptance 2: a paid top-up by Stripe with 3-D Secure on OKINAWA in zh-hant, at 390 px. Before the
 * fix the change's payment screen offered only GMO cards, so on OKINAWA a dearer night slot said "cannot be
 * paid online" while the slot stayed held. The visitor moves a day ticket to a dearer night slot, pays the
 * difference with Stripe's card Element, passes the issuer's challenge and comes back to the change's
 * complete screen. Screenshots: e2e/screenshots/top-up-stripe/zh-hant-<nn>-<screen>.png.
 */
describe.skipIf(skipBrowserSuites)('a date change’s top-up by Stripe with 3-D Secure on OKINAWA', () => {
  test('in zh-hant at 390 px', { timeout: 240_000 }, async ({ newPage }) => {
    const page = await newPage(PHONE_390);
    const main = page.getByRole('main');
    const shots: string[] = [];
    const shoot = async (screen: string) => {
      await page.evaluate(() => document.fonts.ready);
      await expectNoHorizontalOverflow(page);
      await expectNoAxeViolations(page, { rules: LANGUAGE_AXE_RULES });
      shots.push(screen);
      await saveScreenshot(page, `top-up-stripe/${LANG}-${String(shots.length).padStart(2, '0')}-${screen}`);
    };

    const { reservationToken, number } = await stripeReservation(SITE, LANG, tokyoDate(2));
    await openPage(page, `/${siteSlug(SITE)}/?lang=${LANG}#/id/${reservationToken}`);
    await expectHtmlLang(page, 'zh-Hant');
    await expect.poll(() => main.innerText(), { timeout: 20_000 }).toContain(number);

    await main.getByRole('link', { name: text(LANG, 'ticket_change_date') }).click();
    await main.getByRole('heading', { name: text(LANG, 'change_date_current') }).waitFor();
    const day = tokyoDate(9);
    await main.getByRole('textbox', { name: text(LANG, 'change_date_date_label'), exact: true }).fill(day);
    await expect.poll(() => main.locator('.change-date-slots').getAttribute('aria-busy')).toBe('false');
    // A night slot: dearer than the day entry ("+" difference).
    const dearer = main.getByRole('radio', { name: /\+/ }).first();
    await dearer.waitFor();
    await dearer.check();
    await shoot('change-date-chosen');
    await main.getByRole('button', { name: text(LANG, 'change_date_continue') }).click();

    await page.waitForURL(/#\/tickets\/changedate\/confirm\//);
    await main.getByRole('heading', { name: text(LANG, 'change_date_prices_title') }).waitFor();
    await shoot('confirm');
    await main.getByRole('link', { name: text(LANG, 'change_date_to_payment') }).click();

    // The payment screen: Stripe first (OKINAWA's order), its card Element, the wallets beside it; no
    // "cannot be paid online".
    await page.waitForURL(/#\/tickets\/changedate\/payment\/[^/]+\/timechange/);
    const stripe = main.locator('input[type="radio"][value="stripe_secure"]');
    await expect.poll(() => stripe.isChecked(), { timeout: 20_000 }).toBe(true);
    expect(await main.locator('input[type="radio"][value="gmo_paypay"]').count()).toBe(1);
    expect(await main.innerText()).not.toContain(text(LANG, 'payment_no_methods'));
    await fillStripeCard(page, LANG, STRIPE_TEST_CARDS.success);
    await shoot('payment');
    await main.getByRole('button', { name: text(LANG, 'payment_submit') }).click();

    await page.waitForURL(/#\/tickets\/changedate\/payment\/confirm\//);
    await main.getByRole('button', { name: text(LANG, 'change_date_pay_and_change') }).waitFor();
    await shoot('payment-confirm');
    await main.getByRole('button', { name: text(LANG, 'change_date_pay_and_change') }).click();

    // The issuer's 3-D Secure page (the simulator), then back through the payment callback.
    await page.waitForURL(/\/simulator\/stripe\/3ds\//);
    await saveScreenshot(page, `top-up-stripe/${LANG}-challenge`);
    await page.getByRole('button', { name: /Complete authentication/ }).click();
    await page.waitForURL(/#\/tickets\/changedate\/complete\//, { timeout: 30_000 });
    await main.getByRole('heading', { name: text(LANG, 'change_date_done_heading'), level: 2 }).waitFor();
    await main.getByText(pattern(LANG, 'change_date_paid')).waitFor();
    await shoot('complete');

    const record = await timeChangeRecord(reservationToken);
    expect(record).toMatchObject({ status: 'done', payments: [{ method: 'stripe_secure', status: 'confirmed' }] });
    expect(record.payments[0]!.amount).toBeGreaterThan(0);
  });
});
