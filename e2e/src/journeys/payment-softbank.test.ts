import { describe, expect, expectNoAxeViolations, openPage, skipBrowserSuites, test } from '../fixtures.ts';
import { text } from '../texts.ts';
import { orderRecord } from './journey-database.ts';
import {
  chooseTickets,
  completePurchase,
  confirmMail,
  newVisitor,
  reservationNumber,
  signIn,
  storedOrderToken,
  tokyoDate,
} from './steps.ts';
import { SIMULATOR_TEST_CARDS, type LangCode } from '@kippu/contract';
import type { Page } from 'playwright-core';

/** On the payment screen: chooses a SoftBank method (paid on the gateway's pages) and continues to confirm. */
async function chooseGatewayMethod(page: Page, lang: LangCode, method: string) {
  const main = page.getByRole('main');
  const radio = main.locator(`input[type="radio"][value="${method}"]`);
  await radio.waitFor();
  await radio.check();
  await main.getByRole('button', { name: text(lang, 'payment_submit') }).click();
  await page.waitForURL(/#\/confirm/);
}

/**
 * Issue 8, SoftBank Payment Service (ADR 027): the link type through the gateway simulator's own pages, at
 * phone width. 3-D Secure with the challenge passed ends on the complete page through
 * /payment-callback/sbps3ds and confirmcheckout; PayPay approved on the wallet page.
 */
describe.skipIf(skipBrowserSuites)('SoftBank Payment Service', () => {
  test('softbank_3ds in Japanese: challenge passed, complete; one confirmed payment', async ({ page }) => {
    const lang = 'ja';
    const visitor = newVisitor(lang, 'sbps3ds');
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, `/softbank/?lang=${lang}`);
    await chooseTickets(page, lang, { date: tokyoDate(6), tickets: 2 });
    await signIn(page, visitor);
    await confirmMail(page, visitor);
    const orderToken = (await storedOrderToken(page))!;
    await chooseGatewayMethod(page, lang, 'softbank_3ds');
    await completePurchase(page, lang);

    await page.waitForURL(/\/simulator\/sbps\//);
    await page.getByLabel(/カード番号/).fill(SIMULATOR_TEST_CARDS.challenge);
    await page.getByLabel(/有効期限/).fill('3012');
    await page.getByLabel(/セキュリティコード/).fill('123');
    await page.getByRole('button', { name: /支払う/ }).click();
    await page.getByRole('button', { name: /認証する/ }).click();

    const number = await reservationNumber(page);
    await expectNoAxeViolations(page);
    expect(await orderRecord(orderToken)).toEqual({
      status: 'reserved',
      payments: ['confirmed'],
      reservations: [number],
    });
  });

  test('softbank_paypay in English: approved on the wallet page, complete', async ({ page }) => {
    const lang = 'en';
    const visitor = newVisitor(lang, 'sbpspaypay');
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, `/softbank/?lang=${lang}`);
    await chooseTickets(page, lang, { date: tokyoDate(7), tickets: 1 });
    await signIn(page, visitor);
    await confirmMail(page, visitor);
    const orderToken = (await storedOrderToken(page))!;
    await chooseGatewayMethod(page, lang, 'softbank_paypay');
    await completePurchase(page, lang);
    await page.getByRole('button', { name: /Approve/ }).click();
    // Back on the site: the callback screen of the method (the shared payment-callback screen).
    await page.waitForURL(/#\/payment-callback\/softbank_paypay\/success/);
    expect((await orderRecord(orderToken)).status).toBe('reserved');
  });
});
