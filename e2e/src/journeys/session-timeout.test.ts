import type { LangCode } from '@kippu/contract';
import type { Page } from 'playwright-core';
import { describe, expect, openPage, skipBrowserSuites, test } from '../fixtures.ts';
import { text } from '../texts.ts';
import { expireHold, orderRecord } from './journey-database.ts';
import {
  acknowledgeErrorDialog,
  chooseTickets,
  completePurchase,
  confirmMail,
  linkInMail,
  newVisitor,
  payByCard,
  reservationNumber,
  signIn,
  storedOrder,
  storedOrderToken,
  tokyoDate,
} from './steps.ts';

/** The localized session time-out dialog is on screen with its text; OK leads back to the order page. */
async function acknowledgeTimeout(page: Page, lang: LangCode): Promise<void> {
  const dialog = page.getByRole('dialog', { name: text(lang, 'error_dialog_session_timeout_title') });
  await dialog.waitFor({ state: 'visible' });
  expect(await dialog.innerText()).toContain(text(lang, 'error_dialog_session_timeout_text'));
  await acknowledgeErrorDialog(page, lang, 'session_timeout');
  await page.waitForURL(/#\/order$/);
  await expect.poll(() => dialog.count()).toBe(0);
  expect(await storedOrder(page), 'the order left sessionStorage').toEqual({
    orderToken: null,
    savedOrder: null,
  });
}

describe.skipIf(skipBrowserSuites)('the hold runs out mid-journey', () => {
  test('in Japanese, on confirm: completing the purchase shows the time-out dialog, OK starts again, and a new purchase goes through', async ({
    page,
  }) => {
    const visitor = newVisitor('ja', 'timeout-confirm');
    await openPage(page, '/borderless/?lang=ja');
    await chooseTickets(page, 'ja', { date: tokyoDate(3), tickets: 1 });
    await signIn(page, visitor);
    await confirmMail(page, visitor);
    await payByCard(page, 'ja');
    const expiredToken = (await storedOrderToken(page))!;
    expect(expiredToken).toBeTruthy();

    await expireHold(expiredToken);
    await completePurchase(page, 'ja');
    await acknowledgeTimeout(page, 'ja');
    const expired = await orderRecord(expiredToken);
    expect(expired.reservations, 'no reservation for the timed-out order').toEqual([]);
    expect(expired.payments, 'no card charged for the timed-out order').not.toContain('confirmed');

    // The order page is usable again: the same visitor buys from scratch.
    await chooseTickets(page, 'ja', { date: tokyoDate(3), tickets: 1 });
    const newToken = await storedOrderToken(page);
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(expiredToken);
    await signIn(page, visitor);
    await confirmMail(page, visitor);
    await payByCard(page, 'ja');
    await completePurchase(page, 'ja');
    expect(await reservationNumber(page)).toMatch(/^[0-9A-Z]{10}$/);
    expect((await orderRecord(newToken!)).reservations).toHaveLength(1);
  });

  test('in English, on payment: the hold runs out before continuing; completing the purchase on confirm shows the time-out dialog and OK returns to the order page', async ({
    page,
  }) => {
    const visitor = newVisitor('en', 'timeout-payment');
    await openPage(page, '/borderless/?lang=en');
    await chooseTickets(page, 'en', { date: tokyoDate(4), tickets: 1 });
    await signIn(page, visitor);
    await confirmMail(page, visitor);
    const orderToken = (await storedOrderToken(page))!;
    expect(orderToken).toBeTruthy();
    // The payment screen has read the order (its form shows) before the hold runs out.
    await page.getByRole('main').getByRole('radio').first().waitFor({ state: 'visible' });

    await expireHold(orderToken);
    await payByCard(page, 'en');
    await completePurchase(page, 'en');
    await acknowledgeTimeout(page, 'en');
    expect((await orderRecord(orderToken)).reservations).toEqual([]);
    // The order screen starts fresh: the first step (the calendar) is there to choose from.
    await page.getByRole('grid').waitFor({ state: 'visible' });
  });

  test('in Traditional Chinese, at the mail link: the hold ran out before the visitor opened it; the dialog shows and OK returns to the order page', async ({
    page,
  }) => {
    const visitor = newVisitor('zh-hant', 'timeout-mail');
    await openPage(page, '/borderless/?lang=zh-hant');
    await chooseTickets(page, 'zh-hant', { date: tokyoDate(5), tickets: 1 });
    await signIn(page, visitor);
    await page.waitForURL(/#\/sended-mail/);
    const orderToken = (await storedOrderToken(page))!;
    expect(orderToken).toBeTruthy();

    await expireHold(orderToken);
    await page.goto(await linkInMail(page, visitor.email, /#\/mail-confirm\?token=/));
    await acknowledgeTimeout(page, 'zh-hant');
    expect((await orderRecord(orderToken)).reservations).toEqual([]);
  });
});
